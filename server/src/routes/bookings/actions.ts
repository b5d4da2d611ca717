// POST /bookings/:id/{accept,decline,counter,cancel,end}: one step of the state machine each. The step is
// checked against transitions.ts (409 with a message when the state does not allow it) and applied with
// a conditional update, so of two racing steps only one succeeds.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BOOKING_ERRORS, BookingSchema, CounterBodySchema } from '@contract/booking'
import { acceptWithCapacity, moveBooking, type BookingView } from '../../db/queries/bookings'
import { findPaymentAccount } from '../../db/queries/payment-accounts'
import type { BookingRow, BookingState } from '../../db/schema/bookings'
import { endDateFor, expiresAtFrom, quote, refundCents, refusal, startOf, addDays, transition, type BookingAction } from '../../domain/bookings/transitions'
import { endScheduledBilling } from './end-billing'
import { paymentStatus, rowState } from '../../domain/payment-status'
import { refundedInFull, revokeReferralReward } from '../../domain/referrals'
import { badRequest, conflict, forbidden, HttpError } from '../../errors'
import { stripeFailure } from '../payments/stripe-errors'
import { paymentIntentOf } from './payment-intent'
import { bookingDto, bookingForParty, notify } from './shared'

const Params = z.object({ id: z.string().max(64) })
const Empty = z.object({}).passthrough().optional()

const actionRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The party's step must be allowed in the current state; returns the state it leads to. */
  function allowed(b: BookingRow, action: BookingAction, role: 'renter' | 'host' | 'admin'): BookingState {
    if (role === 'admin') throw forbidden(BOOKING_ERRORS.notParty)
    const to = transition(b.state, action, role)
    if (!to) throw conflict(refusal(b.state, action))
    return to
  }
  const party = (role: 'renter' | 'host' | 'admin') => {
    if (role === 'admin') throw forbidden(BOOKING_ERRORS.notParty)
    return role
  }
  const lost = (b: BookingRow, action: BookingAction) => conflict(`${refusal(b.state, action)} It changed meanwhile; reload to see its state.`)

  async function hostPaymentReady(hostId: string) {
    const row = await findPaymentAccount(app.db, hostId)
    const status = paymentStatus(row ? rowState(row) : undefined)
    return Boolean(row?.stripeAccountId) && !status.needsOnboarding && !status.needsVerification
  }

  const done = (v: BookingView, row: BookingRow, userId: string) => bookingDto({ ...v, booking: row }, userId)

  app.post('/bookings/:id/accept', { schema: { params: Params, body: Empty, response: { 200: BookingSchema } } }, async (request) => {
    const { view, auth, role } = await bookingForParty(app, request, request.params.id)
    const b = view.booking
    allowed(b, 'accept', role)
    if (!(await hostPaymentReady(b.hostId)))
      throw conflict(role === 'host' ? BOOKING_ERRORS.paymentSetup : 'The host has not finished payment setup yet.', 'paymentSetup')
    // An accepted offer or counter becomes the agreed monthly price; the renter then has 48 h to pay.
    const monthly = b.state === 'countered' ? b.counterCents! : b.state === 'offered' ? b.offerCents! : b.listMonthlyCents
    const q = quote({
      monthlyCents: monthly,
      startDate: b.startDate,
      endDate: b.endDate,
      protection: b.protection,
      platformFeePercent: b.quote.platformFeePercent,
    })
    const result = await acceptWithCapacity(app.db, b, b.state, { quote: q, expiresAt: expiresAtFrom(new Date()) })
    if (result.overlap) throw conflict(BOOKING_ERRORS.overlap)
    if (!result.row) throw lost(b, 'accept')
    await notify(app, 'accepted', view, result.row, party(role), request)
    return done(view, result.row, auth.user.id)
  })

  app.post('/bookings/:id/decline', { schema: { params: Params, body: Empty, response: { 200: BookingSchema } } }, async (request) => {
    const { view, auth, role } = await bookingForParty(app, request, request.params.id)
    const b = view.booking
    const row = await moveBooking(app.db, b.id, b.state, allowed(b, 'decline', role))
    if (!row) throw lost(b, 'decline')
    await notify(app, 'declined', view, row, party(role), request)
    return done(view, row, auth.user.id)
  })

  app.post('/bookings/:id/counter', { schema: { params: Params, body: CounterBodySchema, response: { 200: BookingSchema } } }, async (request) => {
    const { view, auth, role } = await bookingForParty(app, request, request.params.id)
    const b = view.booking
    const to = allowed(b, 'counter', role)
    const { counterCents } = request.body
    if (counterCents <= (b.offerCents ?? 0) || counterCents >= b.listMonthlyCents) throw badRequest(BOOKING_ERRORS.counterRange, 'counterCents')
    // The counter is the price now on the table: both cards show its figures, not the first offer's.
    const q = quote({
      monthlyCents: counterCents,
      startDate: b.startDate,
      endDate: b.endDate,
      protection: b.protection,
      platformFeePercent: b.quote.platformFeePercent,
    })
    const row = await moveBooking(app.db, b.id, b.state, to, { counterCents, quote: q, expiresAt: expiresAtFrom(new Date()) })
    if (!row) throw lost(b, 'counter')
    await notify(app, 'countered', view, row, party(role), request)
    return done(view, row, auth.user.id)
  })

  app.post('/bookings/:id/cancel', { schema: { params: Params, body: Empty, response: { 200: BookingSchema } } }, async (request) => {
    const { view, auth, role } = await bookingForParty(app, request, request.params.id)
    const b = view.booking
    const now = new Date()
    if (b.state === 'confirmed' && role === 'renter' && refundCents(b, 'renter', now) === 0) {
      // Within 24 h of the start: no refund; a monthly stay runs to the close of the paid period.
      return endRental(view, 'renter', auth.user.id, request)
    }
    const to = allowed(b, 'cancel', role)
    const refund = role === 'admin' ? 0 : refundCents(b, role, now)
    // Claim first: only the request that moved the booking gives money back.
    const row = await moveBooking(app.db, b.id, b.state, to, { cancelledAt: now, cancelledBy: role, refundedCents: b.refundedCents + refund })
    if (!row) throw lost(b, 'cancel')
    try {
      const { stripe } = app.payments
      const paymentIntent = refund > 0 ? await paymentIntentOf(stripe, b) : null
      if (refund > 0 && !paymentIntent) throw new Error(`no payment intent to refund for booking ${b.id}`)
      if (paymentIntent)
        await stripe.refunds.create(
          { payment_intent: paymentIntent, amount: refund, reverse_transfer: true, refund_application_fee: true, metadata: { bookingId: b.id } },
          { idempotencyKey: `nookshare-refund-${b.id}` },
        )
      if (b.subscriptionId) await stripe.subscriptions.cancel(b.subscriptionId)
    } catch (err) {
      await moveBooking(app.db, b.id, to, b.state, { cancelledAt: null, cancelledBy: null, refundedCents: b.refundedCents })
      throw stripeFailure(err)
    }
    // The money is back: a referral reward this booking earned is taken back (once; Stripe's charge.refunded agrees).
    if (refundedInFull(row)) await revokeReferralReward(app.db, b.id)
    const withdrawn = b.state === 'requested' || b.state === 'offered'
    await notify(app, withdrawn ? 'withdrawn' : 'cancelled', view, row, role === 'host' ? 'host' : 'renter', request)
    return done(view, row, auth.user.id)
  })

  async function endRental(view: BookingView, by: 'renter' | 'host', userId: string, request: Parameters<typeof notify>[5]) {
    const b = view.booking
    const endDate = b.endDate && b.endDate < endDateFor(b, by, new Date()) ? b.endDate : endDateFor(b, by, new Date())
    const row = await moveBooking(app.db, b.id, b.state, b.state, { endDate })
    if (!row) throw lost(b, 'end')
    if (b.subscriptionId) {
      try {
        await endScheduledBilling(app.payments.stripe, b, b.subscriptionId, Math.floor(startOf(addDays(endDate, 1)).getTime() / 1000))
      } catch (err) {
        request?.log.error({ err, bookingId: b.id }, 'subscription end date not set at Stripe')
        throw new HttpError(502, 'The rental end could not be set at Stripe; please try again.')
      }
    }
    await notify(app, 'ending', view, row, by, request)
    return done(view, row, userId)
  }

  app.post('/bookings/:id/end', { schema: { params: Params, body: Empty, response: { 200: BookingSchema } } }, async (request) => {
    const { view, auth, role } = await bookingForParty(app, request, request.params.id)
    if (role === 'admin') throw forbidden(BOOKING_ERRORS.notParty)
    allowed(view.booking, 'end', role)
    if (view.booking.endDate) throw conflict('This rental already has an end date.')
    return endRental(view, role, auth.user.id, request)
  })
}

export default actionRoutes
