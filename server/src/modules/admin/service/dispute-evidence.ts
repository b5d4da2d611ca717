// An admin records that the evidence for a booking's open dispute was sent to the bank (from the Stripe
// dashboard), so other admins see it is handled; audited in the same transaction.
import type { Db } from '../../../db/client'
import type { BookingDisputeRow } from '../../../db/schema/booking-disputes'
import type { AuthState } from '../../../plugins/auth'
import { updateDispute } from '../../bookings/service/disputes'
import { recordAudit } from './audit'

export async function markDisputeEvidenceSent(db: Db, admin: AuthState, dispute: BookingDisputeRow, reason: string): Promise<BookingDisputeRow> {
  return db.transaction(async (tx) => {
    const updated = await updateDispute(tx, dispute.id, { evidenceSubmittedAt: new Date() })
    await recordAudit(tx, admin, {
      action: 'booking.dispute-evidence',
      targetType: 'booking',
      targetId: dispute.bookingId,
      before: { evidenceSubmittedAt: null },
      after: { evidenceSubmittedAt: updated!.evidenceSubmittedAt!.toISOString(), disputeId: dispute.id },
      reason,
    })
    return updated!
  })
}
