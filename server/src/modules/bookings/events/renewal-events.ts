// Stripe's events about a renewal that failed, already verified by the webhook route: each failed attempt
// (invoice.payment_failed, or payment_action_required: the bank wants the renter to authenticate) marks the
// booking late and tells the renter once; when Stripe has no retry left (next_payment_attempt null, or the
// subscription ended or went unpaid while late) the rental ends at the close of the paid period. Each event
// counts once (oncePerStripeEvent); a second event for an attempt already told changes nothing.
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { findBookingView, lockBooking, lockBookingBy, oncePerStripeEvent, updateBooking } from '../queries/bookings'
import type { BookingRow } from '../../../db/schema/bookings'
import { moveBooking } from '../service/process'
import { failedAttempt, unpaidLastDay } from '../service/renewals'
import { dueTransition } from '../service/transitions'
import type { Db } from '../../../db/client'
import { notifyRenewal } from '../service/renewal-notify'

export const RENEWAL_EVENT_TYPES = new Set([
  'invoice.payment_failed',
  'invoice.payment_action_required',
  'customer.subscription.deleted',
  'customer.subscription.updated',
])

type Obj = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- Stripe's event objects, read loosely
const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as Obj).id) : null)

/** The booking an invoice or subscription belongs to: by our metadata, else by the subscription id. */
async function bookingOf(tx: Db, object: Obj): Promise<BookingRow | undefined> {
  const isSub = object.object === 'subscription'
  const subscription = isSub ? object.id : (idOf(object.subscription) ?? idOf(object.parent?.subscription_details?.subscription))
  const bookingId = isSub
    ? object.metadata?.bookingId
    : (object.subscription_details?.metadata?.bookingId ?? object.parent?.subscription_details?.metadata?.bookingId)
  if (bookingId) return lockBooking(tx, String(bookingId))
  return subscription ? lockBookingBy(tx, 'subscriptionId', String(subscription)) : undefined
}

/** A booking Stripe bills is running; one whose start no read has applied yet is started first. */
async function started(tx: Db, b: BookingRow): Promise<BookingRow> {
  return dueTransition(b, new Date()) === 'start' ? ((await moveBooking(tx, b, 'start', 'system')) ?? b) : b
}

export async function applyRenewalEvent(app: FastifyInstance, event: Stripe.Event): Promise<string> {
  // Read loosely on purpose: a field may be where an older or newer API version puts it (invoice.subscription or
  // invoice.parent.subscription_details), which one typed shape does not hold. A widening, not a cast.
  const object: Obj = event.data.object
  const now = new Date()
  let told: { row: BookingRow; amountCents: number } | undefined
  let ended: { row: BookingRow; cancelAtStripe: boolean } | undefined
  const result = await oncePerStripeEvent(app.db, event, async (tx) => {
    const found = await bookingOf(tx, object)
    if (!found) return 'unknown'
    const b = await started(tx, found)
    if (b.state !== 'active') return 'not-running'
    let lastRetryFailed = false
    if (event.type.startsWith('invoice.')) {
      const next = object.next_payment_attempt
      const attempt = failedAttempt(
        b,
        {
          id: String(object.id),
          attempt: Number(object.attempt_count ?? 1),
          nextAttemptAt: typeof next === 'number' ? new Date(next * 1000) : null,
          amountDueCents: Number(object.amount_due ?? 0),
        },
        now,
      )
      if (!attempt.news) return 'attempt-already-told'
      const row = (await updateBooking(tx, b.id, attempt.set))!
      told = { row, amountCents: Number(object.amount_due ?? 0) }
      if (!attempt.lastRetryFailed) return 'late'
      lastRetryFailed = true
    } else {
      // The subscription ended or stopped trying while a renewal was unpaid: that is the last retry failing too.
      // (An end we asked for, a refund's cancel, leaves a booking that is not late: nothing to do.)
      const gaveUp = object.status === 'canceled' || object.status === 'unpaid' || event.type === 'customer.subscription.deleted'
      if (!b.paymentFailedAt || !gaveUp) return 'ignored'
      if (b.noticeBy === 'unpaid') return 'already-ended'
    }
    const current = told?.row ?? b
    const row = await moveBooking(tx, current, 'end', 'stripe', {
      endDate: unpaidLastDay(current, now),
      noticeBy: 'unpaid',
      noticeAt: now,
      nextPaymentAttemptAt: null,
    })
    if (!row) return 'not-ended'
    ended = { row, cancelAtStripe: lastRetryFailed && event.type !== 'customer.subscription.deleted' }
    return 'ended-unpaid'
  })
  const subject = ended?.row ?? told?.row
  const view = subject ? await findBookingView(app.db, subject.id) : undefined
  // The last attempt's notice is the rental's end.
  if (view && told && !ended)
    await notifyRenewal(app, 'payment-failed', view, told.row, {
      email: ['renter'],
      key: `${told.row.lateInvoiceId}-${told.row.paymentAttempts}`,
      push: { to: 'renter', event: 'payment-failed' },
      amountCents: told.amountCents,
    })
  if (view && ended) {
    if (ended.cancelAtStripe && ended.row.subscriptionId) await stopBilling(app, ended.row)
    await notifyRenewal(app, 'ended-unpaid', view, ended.row, { email: ['renter', 'host'], key: 'final', push: { to: 'renter', event: 'rental-ending' } })
  }
  return result
}

/**
 * Stripe keeps a subscription past due (or unpaid) after its last retry, as the account's settings say: it is
 * cancelled now, without a prorated invoice or one for the rest of the period, and the unpaid invoice is
 * marked uncollectible (the host's rent guarantee covers it, not the renter's card).
 */
async function stopBilling(app: FastifyInstance, b: BookingRow) {
  const { stripe } = app.payments
  try {
    await stripe.subscriptions.cancel(b.subscriptionId!, { invoice_now: false, prorate: false })
    if (b.lateInvoiceId) await stripe.invoices.markUncollectible(b.lateInvoiceId)
  } catch (err) {
    app.log.error({ err, bookingId: b.id }, 'could not cancel an unpaid subscription at Stripe; cancel it in the dashboard')
  }
}
