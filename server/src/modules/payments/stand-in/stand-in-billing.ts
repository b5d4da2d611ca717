// The stand-in's side of renewals that fail: a renewal billed to a declining card (what a test or the
// sandbox asks for, as `stripe trigger` would), Stripe's retries on its schedule, the billing portal where
// the renter updates the card (which pays the open invoice, as Stripe does), and invoices marked
// uncollectible. Each yields the events Stripe would send.
import { randomBytes } from 'node:crypto'

type Obj = Record<string, any>
type Answer = { status: number; body: unknown }

const newId = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`
const error = (status: number, message: string): Answer => ({ status, body: { error: { type: 'invalid_request_error', message } } })

/** Days between Stripe's retries of a failed renewal (a custom retry schedule: 4 tries in all). */
export const RETRY_DAYS = [3, 5, 7] as const

export function createBillingStore(opts: {
  subscriptions: Map<string, Obj>
  invoices: Obj[]
  paymentIntents: Map<string, Obj>
  now: () => number
  event: (type: string, object: Obj) => Obj
  /** The money events of an invoice paid with this payment intent (its charge, fee and transfer). */
  charged: (sub: Obj, invoice: Obj, pi: Obj) => Obj[]
}) {
  const { subscriptions, invoices, paymentIntents, now, event, charged } = opts
  const portalSessions = new Map<string, Obj>()

  /**
   * The subscription's renewal fails once more: its open invoice (made at the first failure) counts another
   * attempt, with Stripe's next retry, or none after the last. The subscription is past due from then on.
   */
  function declineRenewal(subscriptionId: string): Obj[] | undefined {
    const sub = subscriptions.get(subscriptionId)
    if (!sub) return undefined
    let invoice = invoices.find((i) => i.subscription === sub.id && i.status === 'open')
    if (!invoice) {
      const price = sub.items.data[0].price
      invoice = {
        id: newId('in'),
        object: 'invoice',
        billing_reason: 'subscription_cycle',
        customer: sub.customer,
        subscription: sub.id,
        subscription_details: { metadata: sub.metadata },
        amount_due: price.unit_amount,
        amount_paid: 0,
        currency: price.currency,
        status: 'open',
        attempt_count: 0,
        attempted: true,
        next_payment_attempt: null,
        created: now(),
      }
      invoices.push(invoice)
    }
    invoice.attempt_count += 1
    const wait = RETRY_DAYS[invoice.attempt_count - 1]
    invoice.next_payment_attempt = wait === undefined ? null : now() + wait * 86_400
    sub.status = 'past_due'
    return [event('invoice.payment_failed', { ...invoice })]
  }

  /** The renter saved a new card in the portal: Stripe pays the customer's open invoices with it. */
  function updateCard(portalSessionId: string): { session: Obj; events: Obj[] } | undefined {
    const session = portalSessions.get(portalSessionId)
    if (!session) return undefined
    const events: Obj[] = []
    for (const sub of subscriptions.values()) {
      if (sub.customer !== session.customer) continue
      for (const invoice of invoices.filter((i) => i.subscription === sub.id && i.status === 'open')) {
        const pi = {
          id: newId('pi'),
          object: 'payment_intent',
          amount: invoice.amount_due,
          amount_refunded: 0,
          currency: invoice.currency,
          status: 'succeeded',
        }
        paymentIntents.set(pi.id, pi)
        Object.assign(invoice, { status: 'paid', amount_paid: invoice.amount_due, payment_intent: pi.id, next_payment_attempt: null })
        const money = charged(sub, invoice, pi)
        events.push(event('invoice.paid', { ...invoice }), ...money)
      }
      if (sub.status === 'past_due') sub.status = 'active'
    }
    session.card_updated = true
    return { session, events }
  }

  function handle(method: string, path: string, p: Obj): Answer | undefined {
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = String(p.customer ?? '')
      if (![...subscriptions.values()].some((s) => s.customer === customer)) return error(400, `No such customer: '${customer}'`)
      const id = newId('bps')
      const returnUrl = p.return_url ? String(p.return_url) : null
      // The portal is ours in the sandbox: the app's /billing-portal shows the "Test mode" card for this session.
      const origin = returnUrl ? new URL(returnUrl).origin : ''
      const session = {
        id,
        object: 'billing_portal.session',
        customer,
        return_url: returnUrl,
        url: `${origin}/billing-portal?sandboxPortal=${id}`,
        created: now(),
        livemode: false,
      }
      portalSessions.set(id, session)
      return { status: 200, body: session }
    }
    const uncollectible = /^\/v1\/invoices\/(in_\w+)\/mark_uncollectible$/.exec(path)
    if (uncollectible && method === 'POST') {
      const invoice = invoices.find((i) => i.id === uncollectible[1])
      if (!invoice) return error(404, `No such invoice: '${uncollectible[1]}'`)
      if (invoice.status !== 'open') return error(400, `Invoice is ${invoice.status}; only open invoices can be marked uncollectible.`)
      Object.assign(invoice, { status: 'uncollectible', next_payment_attempt: null })
      return { status: 200, body: invoice }
    }
    return undefined
  }

  /** What the sandbox portal page shows: the customer's open invoices. */
  const openInvoicesOf = (customer: string) =>
    invoices.filter((i) => i.status === 'open' && subscriptions.get(i.subscription)?.customer === customer).map((i) => ({ ...i }))

  return { portalSessions, declineRenewal, updateCard, handle, openInvoicesOf }
}
