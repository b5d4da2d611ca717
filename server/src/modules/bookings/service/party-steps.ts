// The parties' steps on a booking (the routes: routes/actions.ts): accept, decline, counter, cancel (with the
// refund the cancellation policy gives, made at Stripe; the step is taken back if Stripe refuses) and end a
// rental (a move-out notice on a paid period's last day, or the host's end). Each step is one row of the
// process table, claimed conditionally so that of two racing requests one moves the booking; both parties
// are told.
import type { FastifyInstance } from 'fastify'
import { BOOKING_ERRORS } from '@contract/booking'
import { MOVE_OUT_ERRORS } from '@contract/renewals'
import type { BookingRow } from '../../../db/schema/bookings'
import { findBookingView, type BookingView } from './bookings'
import { acceptBooking, moveBooking, undoMove } from './process'
import { endDateFor, expiresAtFrom, quote, refundCents, refusal, startOf, addDays, dayNumber, transition, type BookingAction } from './transitions'
import { endScheduledBilling } from './end-billing'
import { hostPaymentReady } from './instant-book'
import { refundedInFull, revokeReferralReward } from '../../accounts/service/referrals'
import { badRequest, conflict, forbidden, HttpError } from '../../../errors'
import { stripeFailure } from '../../payments/service/stripe-errors'
import { paymentIntentOf } from './payment-intent'
import { bookingDto, notify } from './shared'
import { earliestMoveOut, moveOutDates } from './move-out'
import { notifyRenewal } from './renewal-notify'

type Role = 'renter' | 'host' | 'admin'
type Request = Parameters<typeof notify>[5]
const ALREADY_ENDED = 'This rental already has an end date.'

/** The party's step must be in the process's table from the current state (a 409 that says why if not). */
function allowed(b: BookingRow, action: BookingAction, role: Role): void {
  if (role === 'admin') throw forbidden(BOOKING_ERRORS.notParty)
  if (!transition(b.state, action, role)) throw conflict(refusal(b.state, action))
}
const party = (role: Role) => {
  if (role === 'admin') throw forbidden(BOOKING_ERRORS.notParty)
  return role
}
const lost = (b: BookingRow, action: BookingAction) => conflict(`${refusal(b.state, action)} It changed meanwhile; reload to see its state.`)

const done = (v: BookingView, row: BookingRow, userId: string) => bookingDto({ ...v, booking: row }, userId)

export async function acceptAsParty(app: FastifyInstance, view: BookingView, userId: string, role: Role, request: Request) {
  const b = view.booking
  allowed(b, 'accept', role)
  if (!(await hostPaymentReady(app.db, b.hostId)))
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
  // A stay no longer free (blocked since, or the last place taken) is refused with a 409 naming the days.
  const row = await acceptBooking(app.db, b, party(role), { quote: q, expiresAt: expiresAtFrom(new Date()) })
  if (!row) throw lost(b, 'accept')
  await notify(app, 'accepted', view, row, party(role), request)
  return done(view, row, userId)
}

export async function declineAsParty(app: FastifyInstance, view: BookingView, userId: string, role: Role, request: Request) {
  const b = view.booking
  allowed(b, 'decline', role)
  const row = await moveBooking(app.db, b, 'decline', party(role))
  if (!row) throw lost(b, 'decline')
  await notify(app, 'declined', view, row, party(role), request)
  return done(view, row, userId)
}

export async function counterAsParty(app: FastifyInstance, view: BookingView, userId: string, role: Role, counterCents: number, request: Request) {
  const b = view.booking
  allowed(b, 'counter', role)
  if (counterCents <= (b.offerCents ?? 0) || counterCents >= b.listMonthlyCents) throw badRequest(BOOKING_ERRORS.counterRange, 'counterCents')
  // The counter is the price now on the table: both cards show its figures, not the first offer's.
  const q = quote({
    monthlyCents: counterCents,
    startDate: b.startDate,
    endDate: b.endDate,
    protection: b.protection,
    platformFeePercent: b.quote.platformFeePercent,
  })
  const row = await moveBooking(app.db, b, 'counter', party(role), { counterCents, quote: q, expiresAt: expiresAtFrom(new Date()) })
  if (!row) throw lost(b, 'counter')
  await notify(app, 'countered', view, row, party(role), request)
  return done(view, row, userId)
}

export async function cancelAsParty(app: FastifyInstance, view: BookingView, userId: string, role: Role, request: Request) {
  const b = view.booking
  const now = new Date()
  if (b.state === 'confirmed' && role === 'renter' && refundCents(b, 'renter', now) === 0) {
    // Within 24 h of the start: no refund; a monthly stay runs to the close of the paid period.
    return endRental(app, view, 'renter', userId, request)
  }
  allowed(b, 'cancel', role)
  const by = party(role)
  const refund = refundCents(b, by, now)
  // Claim first: only the request that moved the booking gives money back.
  const row = await moveBooking(app.db, b, 'cancel', by, { cancelledAt: now, cancelledBy: by, refundedCents: b.refundedCents + refund })
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
    // Nothing went back at Stripe: the cancel is taken back, so the booking stays as it was.
    await undoMove(app.db, b, row, { cancelledAt: b.cancelledAt, cancelledBy: b.cancelledBy, refundedCents: b.refundedCents })
    throw stripeFailure(err)
  }
  // The money is back: a referral reward this booking earned is taken back (once; Stripe's charge.refunded agrees).
  if (refundedInFull(row)) await revokeReferralReward(app.db, b.id)
  const withdrawn = b.state === 'requested' || b.state === 'offered'
  await notify(app, withdrawn ? 'withdrawn' : 'cancelled', view, row, by, request)
  return done(view, row, userId)
}

async function endRental(app: FastifyInstance, view: BookingView, by: 'renter' | 'host', userId: string, request: Request, moveOutOn?: string) {
  const b = view.booking
  const byDefault = endDateFor(b, by, new Date(), view.storage.minimumDays)
  const endDate = moveOutOn ?? (b.endDate && dayNumber(b.endDate) < dayNumber(byDefault) ? b.endDate : byDefault)
  // A step that keeps the state (confirmed or active) and sets the last day; once started, it is a notice both see.
  const notice = b.state === 'active' ? { noticeBy: by, noticeAt: new Date() } : {}
  // Conditional on the end date as read: of two racing ends, the second finds it set and gets a 409.
  const row = await moveBooking(app.db, b, 'end', by, { endDate, ...notice })
  if (!row) {
    const now = (await findBookingView(app.db, b.id))?.booking
    throw now && now.state === b.state && now.endDate ? conflict(ALREADY_ENDED) : lost(b, 'end')
  }
  if (b.subscriptionId) {
    try {
      await endScheduledBilling(app.payments.stripe, b, b.subscriptionId, Math.floor(startOf(addDays(endDate, 1)).getTime() / 1000))
    } catch (err) {
      // Nothing was set at Stripe, so the end is taken back (as a cancel is): the rental stays as it was.
      await undoMove(app.db, b, row, { endDate: b.endDate, noticeBy: b.noticeBy, noticeAt: b.noticeAt })
      request?.log.error({ err, bookingId: b.id }, 'subscription end date not set at Stripe')
      throw new HttpError(502, 'The rental end could not be set at Stripe; please try again.')
    }
  }
  // A renter's move-out notice: both are told (the renter's email confirms it); a host's: the renter is.
  if (by === 'renter' && b.state === 'active') await notifyRenewal(app, 'moving-out', view, row, { email: ['renter', 'host'], key: endDate, request })
  else await notify(app, 'ending', view, row, by, request)
  return done(view, row, userId)
}

export async function endAsParty(
  app: FastifyInstance,
  view: BookingView,
  role: 'renter' | 'host',
  userId: string,
  request: Request,
  moveOutOn: string | undefined,
) {
  allowed(view.booking, 'end', role)
  if (view.booking.endDate) throw conflict(ALREADY_ENDED)
  if (moveOutOn !== undefined) {
    // Rent is paid by the month: a renter moves out on the last day of a paid period (one of those offered).
    if (role !== 'renter') throw badRequest(MOVE_OUT_ERRORS.renterOnly, 'moveOutOn')
    const earliest = earliestMoveOut(view.booking.startDate, view.storage.minimumDays)
    if (dayNumber(moveOutOn) < dayNumber(earliest)) throw badRequest(MOVE_OUT_ERRORS.beforeMinimum(view.storage.minimumDays, earliest), 'moveOutOn')
    if (!moveOutDates(view.booking, new Date(), view.storage.minimumDays).includes(moveOutOn))
      throw badRequest(`moveOutOn ${MOVE_OUT_ERRORS.notAPeriodEnd}`, 'moveOutOn')
  }
  return endRental(app, view, role, userId, request, moveOutOn)
}
