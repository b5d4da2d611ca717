// An admin ending a booking with a refund: how much may go back, and what both parties are told.
import { ADMIN_REFUND_ERRORS } from '@contract/disputes'
import type { BookingRow } from '../../../db/schema/bookings'
import { formatMoney } from '@contract/money'

/** What is left to give back: everything paid less everything refunded so far. */
export const refundableCents = (b: Pick<BookingRow, 'paidCents' | 'refundedCents'>) => Math.max(0, b.paidCents - b.refundedCents)

/**
 * The refund an admin asks for: all that is left by default, else more than 0 and at most what is left.
 * A booking nothing was paid for (accepted, waiting for payment) is cancelled without a refund.
 */
export function adminRefundAmount(
  b: Pick<BookingRow, 'paidCents' | 'refundedCents' | 'currency'>,
  asked: number | undefined,
): { cents: number } | { error: string } {
  const left = refundableCents(b)
  if (left === 0) return asked === undefined || asked === 0 ? { cents: 0 } : { error: ADMIN_REFUND_ERRORS.nothingToRefund }
  const cents = asked ?? left
  if (cents <= 0 || cents > left) return { error: ADMIN_REFUND_ERRORS.amountRange(formatMoney(left, b.currency)) }
  return { cents }
}

/** The system message both parties read in their conversation, and the body of their email. */
export function adminCancelNotice(b: Pick<BookingRow, 'currency'>, title: string, refund: number, reason: string): string {
  const money_ = refund > 0 ? ` ${formatMoney(refund, b.currency)} is refunded to the renter.` : ''
  return `Nookshare cancelled the booking for "${title}".${money_} Reason: ${reason}`
}
