// Renewals Stripe could not charge. Stripe retries on its own schedule (we never retry ourselves); each
// failed attempt marks the booking late and tells the renter once; when no retry is left the rental ends
// at the close of the paid period ('end' by 'stripe' in contract/booking-process.ts); a later payment
// clears the flag. Pure rules over the booking's columns and the invoice Stripe sent.
import type { Renewal } from '@contract/renewals'
import type { BookingFields } from '../queries/bookings'
import type { BookingRow } from '../../../db/schema/bookings'
import { dayOf } from './calendar'
import { moveOutDates, spaceClear } from './move-out'

export interface FailedInvoice {
  id: string
  /** Stripe's count of attempts so far (1 for the first failure). */
  attempt: number
  /** Stripe's next retry, or null: none left. */
  nextAttemptAt: Date | null
  amountDueCents: number
}

/** What a failed attempt changes, and whether it is news (a replayed or older attempt of the same invoice is not). */
export function failedAttempt(b: BookingRow, inv: FailedInvoice, now: Date): { set: BookingFields; news: boolean; lastRetryFailed: boolean } {
  const seen = b.lateInvoiceId === inv.id && inv.attempt <= b.paymentAttempts
  const set: BookingFields = seen
    ? {}
    : { paymentFailedAt: b.paymentFailedAt ?? now, lateInvoiceId: inv.id, paymentAttempts: inv.attempt, nextPaymentAttemptAt: inv.nextAttemptAt }
  return { set, news: !seen, lastRetryFailed: !seen && inv.nextAttemptAt === null }
}

/** The fields a payment that went through clears. */
export const PAID_UP: BookingFields = { paymentFailedAt: null, lateInvoiceId: null, paymentAttempts: 0, nextPaymentAttemptAt: null }

/** The last day of a rental whose renter stopped paying: the close of the paid period (or an earlier end already set). */
export function unpaidLastDay(b: Pick<BookingRow, 'paidThrough' | 'endDate'>, now: Date): string {
  const last = b.paidThrough ?? dayOf(now)
  return b.endDate && b.endDate < last ? b.endDate : last
}

/** What a booking says about renewals and moving out, to one of its parties. */
export function renewalDto(b: BookingRow, role: 'renter' | 'host' | 'admin', now: Date, minimumDays = 1): Renewal {
  return {
    late: b.paymentFailedAt
      ? { since: b.paymentFailedAt.toISOString(), attempts: b.paymentAttempts, nextRetryAt: b.nextPaymentAttemptAt?.toISOString() ?? null }
      : null,
    notice:
      b.noticeBy && b.noticeAt && b.endDate ? { by: b.noticeBy as 'renter' | 'host' | 'unpaid', givenAt: b.noticeAt.toISOString(), lastDay: b.endDate } : null,
    moveOutDates: role === 'renter' ? moveOutDates(b, now, minimumDays) : [],
    spaceClear: spaceClear(b, now),
  }
}
