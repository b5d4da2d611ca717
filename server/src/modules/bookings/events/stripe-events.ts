// Stripe's booking events, already verified by the webhook route: checkout.session.completed confirms an
// accepted booking (never the return URL), invoice.paid extends a monthly stay's paid period (each only
// for the amount and currency the booking expects),
// charge.refunded records a refund. Each event counts once (oncePerStripeEvent).
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { findBookingView, lockBooking, lockBookingBy, oncePerStripeEvent, updateBooking } from '../queries/bookings'
import type { BookingRow } from '../../../db/schema/bookings'
import { moveBooking } from '../service/process'
import { currentPhaseOf, schedulePhasesParams } from '../service/schedule-params'
import { addDays, CONFIRMED_STATES, isExpired, paidThroughAfterNextPayment, startOf, transition, withSchedule } from '../service/transitions'
import { grantReferralReward, refundedInFull, revokeReferralReward } from '../../accounts/service/referrals'
import { periodOf } from '../../money/service/periods'
import { paymentIntentOf } from '../service/payment-intent'
import { PAID_UP } from '../service/renewals'
import { notifyRenewal } from '../service/renewal-notify'
import { notify } from '../service/shared'

export const BOOKING_EVENT_TYPES = new Set(['checkout.session.completed', 'invoice.paid', 'charge.refunded'])

type Obj = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- Stripe's event objects, read loosely
const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as Obj).id) : null)

export async function applyBookingEvent(app: FastifyInstance, event: Stripe.Event): Promise<string> {
  // Read loosely on purpose: a field may be where an older or newer API version puts it (invoice.subscription or
  // invoice.parent.subscription_details), which one typed shape does not hold. A widening, not a cast.
  const object: Obj = event.data.object
  let confirmed: BookingRow | undefined
  let orphanPayment: { paymentIntent: string | null; subscription: string | null } | undefined
  // A payment that came after its booking ended (not a second payment of a confirmed one): both sides hear of the refund.
  let latePaid: BookingRow | undefined
  // A renewal that had failed is paid after all (a retry, or the renter's new card): the pair hear it is settled.
  let recovered: BookingRow | undefined
  const result = await oncePerStripeEvent(app.db, event, async (tx) => {
    if (event.type === 'checkout.session.completed') {
      const bookingId = object.metadata?.bookingId
      if (!bookingId) return 'ignored'
      if (object.payment_status !== 'paid') return 'unpaid'
      const b = await lockBooking(tx, bookingId)
      if (!b) return 'unknown'
      // Only the quoted first payment, in the listing's currency, confirms the booking: anything else
      // (a forged or mistaken session) is logged for a person to look at and changes nothing.
      const amount = Number(object.amount_total)
      const currency = String(object.currency ?? '').toLowerCase()
      if (amount !== b.quote.firstPaymentCents || currency !== b.currency.toLowerCase()) {
        app.log.error(
          { eventId: event.id, bookingId: b.id, amount, currency, expected: { amount: b.quote.firstPaymentCents, currency: b.currency } },
          'a checkout session paid another amount or currency than the booking quoted; not applied',
        )
        return 'amount-mismatch'
      }
      const paymentIntent = idOf(object.payment_intent)
      const subscription = idOf(object.subscription)
      // The pay window closed though no read has settled it yet: the space may be someone else's by now.
      const ended = b.state === 'accepted' && isExpired(b.expiresAt, new Date()) ? await moveBooking(tx, b, 'expire', 'system') : undefined
      const state = ended?.state ?? b.state
      if (!transition(state, 'pay', 'stripe')) {
        // Paid after the booking was cancelled or expired: the money goes back in full.
        orphanPayment = { paymentIntent, subscription }
        if (!CONFIRMED_STATES.includes(state)) latePaid = { ...(ended ?? b), refundedCents: amount }
        return 'refund-late-payment'
      }
      const paidThrough = b.quote.kind === 'short' ? b.endDate : paidThroughAfterNextPayment(b, null)
      confirmed = await moveBooking(tx, b, 'pay', 'stripe', {
        paidCents: b.paidCents + amount,
        paymentIntentId: paymentIntent ?? b.paymentIntentId,
        subscriptionId: subscription,
        checkoutSessionId: object.id,
        paidThrough,
        confirmedAt: new Date(),
      })
      // A renter who joined through a referral link earns the referrer their reward with a first
      // confirmed booking (once; later confirmations change nothing).
      await grantReferralReward(tx, b.renterId, { rewardCents: app.config.referralRewardCents, bookingId: b.id })
      return 'confirmed'
    }
    if (event.type === 'invoice.paid') {
      const subscription = idOf(object.subscription) ?? idOf(object.parent?.subscription_details?.subscription)
      const bookingId = object.subscription_details?.metadata?.bookingId ?? object.parent?.subscription_details?.metadata?.bookingId
      const b = bookingId ? await lockBooking(tx, bookingId) : subscription ? await lockBookingBy(tx, 'subscriptionId', subscription) : undefined
      if (!b) return 'unknown'
      const paymentIntent = idOf(object.payment_intent)
      if (object.billing_reason === 'subscription_create') {
        // The first invoice is the checkout's own payment: keep its payment intent for refunds.
        await updateBooking(tx, b.id, { paymentIntentId: b.paymentIntentId ?? paymentIntent, subscriptionId: b.subscriptionId ?? subscription })
        return 'first-invoice'
      }
      // A $0 invoice (a schedule moving into its trial phase) pays for nothing.
      if (Number(object.amount_paid ?? 0) === 0) return 'nothing-paid'
      // Only what this renewal should charge (the schedule's payment for the period after the paid one), in
      // the booking's currency, pays a period: anything else is logged for a person and changes nothing.
      const amount = Number(object.amount_paid)
      const currency = String(object.currency ?? '').toLowerCase()
      const expected = periodOf(b, b.paidThrough ? addDays(b.paidThrough, 1) : null).planned.cents
      if (amount !== expected || currency !== b.currency.toLowerCase()) {
        app.log.error(
          { eventId: event.id, bookingId: b.id, amount, currency, expected: { amount: expected, currency: b.currency } },
          'a renewal invoice paid another amount or currency than the booking schedules; not applied',
        )
        return 'amount-mismatch'
      }
      // Each payment pays one more period of the schedule; the last one pays up to the end date.
      const paid = await updateBooking(tx, b.id, {
        paidCents: b.paidCents + amount,
        paidThrough: paidThroughAfterNextPayment(b, b.paidThrough),
        paymentIntentId: paymentIntent ?? b.paymentIntentId,
        ...PAID_UP,
      })
      if (b.paymentFailedAt) recovered = paid
      return 'renewed'
    }
    if (event.type === 'charge.refunded') {
      const paymentIntent = idOf(object.payment_intent)
      const b = paymentIntent ? await lockBookingBy(tx, 'paymentIntentId', paymentIntent) : undefined
      if (!b) return 'unknown'
      const refunded = Number(object.amount_refunded ?? 0)
      const row = refunded > b.refundedCents ? await updateBooking(tx, b.id, { refundedCents: refunded }) : b
      // A referral reward this booking earned goes back with its money (the cancel route may have recorded
      // the refund already; taking it back twice changes nothing).
      if (row && refundedInFull(row)) await revokeReferralReward(tx, b.id)
      return refunded > b.refundedCents ? 'refunded' : 'unchanged'
    }
    return 'ignored'
  })
  if (confirmed) {
    const view = await findBookingView(app.db, confirmed.id)
    if (view) await notify(app, 'confirmed', view, confirmed, 'stripe')
    if (confirmed.subscriptionId) await chargeTheSchedule(app, confirmed, confirmed.subscriptionId)
  }
  if (recovered) {
    const view = await findBookingView(app.db, recovered.id)
    if (view) await notifyRenewal(app, 'payment-recovered', view, recovered, { email: ['renter', 'host'], key: event.id })
  }
  if (orphanPayment) await refundLatePayment(app, orphanPayment, event.id)
  if (latePaid) {
    const view = await findBookingView(app.db, latePaid.id)
    if (view) await notify(app, 'late-payment', view, latePaid, 'stripe')
  }
  return result
}

/**
 * A monthly stay is charged on its schedule's days: the subscription goes under a schedule whose phases
 * wait out the month the checkout paid, then charge from start + 1 month on the start date's day (an
 * end-dated stay: the quote's payments, the last pro-rated, then cancel; an open-ended one: then released).
 */
async function chargeTheSchedule(app: FastifyInstance, b: BookingRow, subscriptionId: string) {
  const { stripe } = app.payments
  const metadata = { bookingId: b.id, storageId: b.storageId }
  let scheduleId: string | undefined
  try {
    const schedule = await stripe.subscriptionSchedules.create(
      { from_subscription: subscriptionId, expand: ['phases.items.price'] },
      { idempotencyKey: `nookshare-schedule-${b.id}` },
    )
    scheduleId = schedule.id
    await stripe.subscriptionSchedules.update(schedule.id, schedulePhasesParams(withSchedule(b.quote, b), b, currentPhaseOf(schedule), metadata), {
      idempotencyKey: `nookshare-schedule-phases-${b.id}`,
    })
  } catch (err) {
    app.log.error({ err, subscriptionId, bookingId: b.id }, 'could not schedule the payments of a monthly stay; set its phases in the Stripe dashboard')
    if (!b.endDate) return
    // At least no billing past the stay (the last period then costs a whole month until fixed by hand). A
    // subscription still under the schedule made above takes no cancel date of its own: it is released first.
    const endAt = Math.floor(startOf(addDays(b.endDate, 1)).getTime() / 1000)
    try {
      if (scheduleId) await stripe.subscriptionSchedules.release(scheduleId)
      await stripe.subscriptions.update(subscriptionId, { cancel_at: endAt, proration_behavior: 'none' })
    } catch (e) {
      app.log.error({ err: e, subscriptionId }, 'could not set the end of a fixed-term subscription either')
    }
  }
}

async function refundLatePayment(app: FastifyInstance, p: { paymentIntent: string | null; subscription: string | null }, eventId: string) {
  try {
    // A subscription's checkout carries no payment intent: its first invoice's payment is the one to refund.
    const paymentIntent = await paymentIntentOf(app.payments.stripe, { paymentIntentId: p.paymentIntent, subscriptionId: p.subscription })
    if (p.subscription) await app.payments.stripe.subscriptions.cancel(p.subscription)
    if (paymentIntent)
      await app.payments.stripe.refunds.create(
        { payment_intent: paymentIntent, reverse_transfer: true, refund_application_fee: true },
        { idempotencyKey: `nookshare-late-${eventId}` },
      )
  } catch (err) {
    app.log.error({ err, eventId }, 'refund of a late payment failed; refund it from the Stripe dashboard')
  }
}
