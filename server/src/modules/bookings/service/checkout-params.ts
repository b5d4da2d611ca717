// The Stripe Checkout session for an accepted booking: a one-off payment for a short stay, a monthly
// subscription otherwise; the money goes to the host's connected account less what the platform keeps.
import type Stripe from 'stripe'
import type { BookingRow } from '../../../db/schema/bookings'
import { applicationFeeCents, applicationFeePercent } from './transitions'

/**
 * Stripe accepts a session lifetime of 30 min to 24 h: once the booking's pay window ends within that
 * range, the session closes with it (a payment after the window would only be refunded). The value
 * depends on the window alone, so a retry sends the same parameters under the same idempotency key.
 */
export function sessionExpiry(payBy: Date, now: Date): number | undefined {
  const seconds = (payBy.getTime() - now.getTime()) / 1000
  if (seconds < 31 * 60 || seconds > 23.5 * 3600) return undefined
  return Math.floor(payBy.getTime() / 1000)
}

export function checkoutSessionParams(
  b: BookingRow,
  ctx: { title: string; renterEmail: string; destination: string; baseUrl: string; now?: Date },
): Stripe.Checkout.SessionCreateParams {
  const q = b.quote
  const metadata = { bookingId: b.id, storageId: b.storageId }
  const name = q.kind === 'short' ? `${ctx.title} — ${q.days} day${q.days === 1 ? '' : 's'} from ${b.startDate}` : `${ctx.title} — monthly from ${b.startDate}`
  const expiresAt = sessionExpiry(b.expiresAt, ctx.now ?? new Date())
  const common = {
    ...(expiresAt ? { expires_at: expiresAt } : {}),
    client_reference_id: b.id,
    customer_email: ctx.renterEmail,
    metadata,
    success_url: `${ctx.baseUrl}/success?booking=${b.id}&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${ctx.baseUrl}/canceled?booking=${b.id}`,
  }
  const price = { currency: b.currency.toLowerCase(), unit_amount: q.firstPaymentCents, product_data: { name } }
  if (q.kind === 'short')
    return {
      ...common,
      mode: 'payment',
      line_items: [{ quantity: 1, price_data: price }],
      payment_intent_data: { application_fee_amount: applicationFeeCents(q), transfer_data: { destination: ctx.destination }, metadata },
    }
  return {
    ...common,
    mode: 'subscription',
    line_items: [{ quantity: 1, price_data: { ...price, recurring: { interval: 'month' } } }],
    subscription_data: { application_fee_percent: applicationFeePercent(q), transfer_data: { destination: ctx.destination }, metadata },
  }
}
