// The steps of a monthly rental's later life that a party takes by hand: the renter's card update when a
// renewal fails (Stripe's billing portal), the host's "space is clear" after the move-out, and the
// sandbox's billing portal and declined renewal (test mode: no Stripe account, the whole flow offline).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type Stripe from 'stripe'
import type { Booking } from '@contract/booking'
import { conflict, forbidden, HttpError, notFound } from '../../../errors'
import { stripeFailure } from '../../payments/service/stripe-errors'
import { findBookingBySubscription, findBookingView, markSpaceCleared, type BookingView } from './bookings'
import { canConfirmClear } from './move-out'
import { notifyRenewal } from './renewal-notify'
import { bookingDto } from './shared'

type Role = 'renter' | 'host' | 'admin'
/** The in-process Stripe stand-in (test mode), as the payments plugin gives it. */
type StripeStandIn = NonNullable<FastifyInstance['payments']['sandbox']>
const NO_MONTHLY_PAYMENTS = 'This booking has no monthly payments to update a card for.'

/** A billing portal session for the renter of a monthly booking, returning to `returnUrl`. */
export async function cardUpdatePortal(stripe: Stripe, view: BookingView, role: Role, returnUrl: string): Promise<{ url: string }> {
  if (role !== 'renter') throw forbidden('Only the renter updates the card that pays for a booking.')
  const { subscriptionId } = view.booking
  if (!subscriptionId) throw conflict(NO_MONTHLY_PAYMENTS)
  try {
    const sub = await stripe.subscriptions.retrieve(subscriptionId)
    const customer = typeof sub.customer === 'string' ? sub.customer : sub.customer?.id
    if (!customer) throw conflict(NO_MONTHLY_PAYMENTS)
    const session = await stripe.billingPortal.sessions.create({ customer, return_url: returnUrl })
    return { url: session.url }
  } catch (err) {
    if (err instanceof HttpError) throw err
    throw stripeFailure(err)
  }
}

/** The host says the space is clear, from the move-out day until 48 hours after it; the renter is told. */
export async function confirmSpaceClear(app: FastifyInstance, request: FastifyRequest, view: BookingView, role: Role, now = new Date()): Promise<Booking> {
  if (role !== 'host') throw forbidden('Only the host says the space is clear.')
  if (!canConfirmClear(view.booking, now)) throw conflict('The space can be confirmed clear from the move-out day until 48 hours after it.')
  const row = (await markSpaceCleared(app.db, view.booking.id, now))!
  await notifyRenewal(app, 'space-clear', view, row, { email: ['renter'], key: 'host', request })
  return bookingDto({ ...view, booking: row }, view.booking.hostId)
}

/** The sandbox's portal session, only for the renter whose subscription's customer it is. */
export async function sandboxPortalFor(app: FastifyInstance, sandbox: StripeStandIn, userId: string, portalId: string) {
  const session = sandbox.checkout.billing.portalSessions.get(portalId)
  if (!session) throw notFound('This billing portal session does not exist.')
  for (const sub of sandbox.checkout.subscriptions.values()) {
    if (sub.customer !== session.customer) continue
    const found = await findBookingBySubscription(app.db, sub.id)
    if (found?.booking.renterId === userId) return { session, booking: found }
  }
  throw forbidden('This billing portal is another customer’s.')
}

/** A sandbox renewal billed to a declining card, by a party of the booking or an admin: the events Stripe would send. */
export async function declineSandboxRenewal(app: FastifyInstance, sandbox: StripeStandIn, viewer: { id: string; isAdmin: boolean }, bookingId: string) {
  const found = await findBookingView(app.db, bookingId)
  if (!found) throw notFound('This booking does not exist.')
  if (found.booking.renterId !== viewer.id && found.booking.hostId !== viewer.id && !viewer.isAdmin) throw forbidden('Not your booking.')
  if (!found.booking.subscriptionId) throw conflict('This booking has no subscription.')
  const events = sandbox.checkout.billing.declineRenewal(found.booking.subscriptionId)
  if (!events) throw notFound('The sandbox does not know this subscription.')
  return events
}
