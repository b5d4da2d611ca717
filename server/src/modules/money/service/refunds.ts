// Money going back: how much a cancellation refunds, and how a refund of a destination charge splits
// between the host's transfer (reversed) and the platform's fee (refunded), as Stripe splits it with
// reverse_transfer and refund_application_fee: in proportion to the charge.
import type { BookingState } from '@contract/booking-process'
import { startOf } from '../../bookings/service/calendar'
import { roundMinor } from './currency'

const HOUR = 3_600_000
export const FULL_REFUND_HOURS = 24

/**
 * Cancelling a paid booking before it starts: more than 24 h before the start, or by the host, everything
 * paid comes back; later, nothing (a monthly stay then ends at the close of the paid period).
 */
export function refundCents(b: { state: BookingState; startDate: string; paidCents: number; refundedCents: number }, by: 'renter' | 'host', now: Date): number {
  if (b.state !== 'confirmed') return 0
  const left = b.paidCents - b.refundedCents
  if (by === 'host') return left
  return startOf(b.startDate).getTime() - now.getTime() > FULL_REFUND_HOURS * HOUR ? left : 0
}

/**
 * A refund of `refund` out of a charge of `charge` whose application fee was `fee`: the host's transfer
 * gives back its share, the fee the rest (the two always sum to the refund).
 */
export function refundSplit(refund: number, charge: number, fee: number): { transferReversal: number; feeRefund: number } {
  if (charge <= 0 || refund <= 0) return { transferReversal: 0, feeRefund: 0 }
  const feeRefund = Math.min(fee, roundMinor((refund * fee) / charge))
  return { transferReversal: refund - feeRefund, feeRefund }
}
