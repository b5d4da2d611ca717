// A claim goes through the action queue (lib/action-queue.ts), like the other steps taken on a bad link:
// sent at once when the link allows, else kept on the device and shown pending in the claim form, then
// sent once (its Idempotency-Key makes a retry whose answer was lost harmless: one claim, one email to the
// other side). A refused claim stays on the device as a draft: the form opens with what was written and
// the server's reason, so nothing typed is lost.
import type { ClaimBody } from '@contract/evidence'
import type { QueuedAction } from '../../lib/action-queue'
import { onActionAnswered } from '../../lib/action-queue-client'
import { toast } from '../../lib/toast'
import { evidenceKeys } from './api/keys'

export const CLAIM_KIND = 'claim'

export const CLAIM_SENT_TEXT = 'Claim sent. Our team will review it, and the other party has been told.'

export const claimAction = (userId: string, bookingId: string, body: ClaimBody) => ({
  userId,
  kind: CLAIM_KIND,
  target: bookingId,
  path: `evidence/bookings/${encodeURIComponent(bookingId)}/claims`,
  body,
})

export const isQueuedClaim = (a: QueuedAction) => a.kind === CLAIM_KIND

/** What a refused claim said, to fill the form again (a record from an older version may lack fields). */
export const claimDraftOf = (a: QueuedAction): Partial<ClaimBody> => (a.body && typeof a.body === 'object' ? (a.body as Partial<ClaimBody>) : {})

onActionAnswered(CLAIM_KIND, async (event, queryClient) => {
  if (event.type === 'sent') toast.success(CLAIM_SENT_TEXT)
  else toast.error(`Your claim was not sent: ${event.error}`)
  await queryClient.invalidateQueries({ queryKey: evidenceKeys.all(event.record.userId) })
})
