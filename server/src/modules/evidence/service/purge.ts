// Evidence is kept 1 year after the booking ends, then deleted: checks, their photos and items, and the
// booking's claims. Run daily by jobs/purge.ts; tests call it with their own `now`.
import { BOOKING_GROUPS } from '@contract/booking-process'
import { EVIDENCE_KEEP_DAYS } from '@contract/evidence'
import type { Db } from '../../../db/client'
import { deleteEvidenceEndedBefore } from '../queries'

export function purgeExpiredEvidence(db: Db, now = new Date()) {
  return deleteEvidenceEndedBefore(db, new Date(now.getTime() - EVIDENCE_KEEP_DAYS * 86_400_000), BOOKING_GROUPS.past)
}
