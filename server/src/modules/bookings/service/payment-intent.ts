// Which Stripe payment to refund for a booking's payment or subscription.
import type Stripe from 'stripe'

/**
 * The payment to refund: the one stored from the checkout or its first invoice; with API versions that
 * leave payment_intent off invoices (and off subscription-mode checkouts), read from the subscription's
 * paid invoice's payments.
 */
export async function paymentIntentOf(stripe: Stripe, p: { paymentIntentId: string | null; subscriptionId: string | null }): Promise<string | null> {
  if (p.paymentIntentId) return p.paymentIntentId
  if (!p.subscriptionId) return null
  const [invoice] = (await stripe.invoices.list({ subscription: p.subscriptionId, status: 'paid', limit: 1 })).data
  if (!invoice?.id) return null
  const [payment] = (await stripe.invoicePayments.list({ invoice: invoice.id, limit: 1 })).data
  const pi = payment?.payment?.payment_intent
  return typeof pi === 'string' ? pi : (pi?.id ?? null)
}
