// The stand-in's Checkout: sessions (payment or subscription mode), their completion on the sandbox's
// "Test mode" page (which yields the events Stripe would send), refunds and subscription changes.
import { randomBytes } from 'node:crypto'
import { feeAtPercent } from '../../money/service/fees'
import type { FormValue } from './form-decode'
import { createBillingStore } from './stand-in-billing'
import { createMoneyStore } from './stand-in-money'
import { addMonthsUnix, createScheduleStore, newSubscription } from './stand-in-schedules'

type Obj = Record<string, any>
export type StandInAnswer = { status: number; body: unknown }

const newId = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`
const error = (status: number, message: string): StandInAnswer => ({ status, body: { error: { type: 'invalid_request_error', message } } })

export function createCheckoutStore(now: () => number) {
  const sessions = new Map<string, Obj>()
  const paymentIntents = new Map<string, Obj>()
  const subscriptions = new Map<string, Obj>()
  const invoices: Obj[] = []
  const refunds: Obj[] = []
  const schedules = createScheduleStore(subscriptions, now)
  // Charges, fees, transfers, refunds' money and payouts (stand-in-money.ts).
  const money = createMoneyStore(now)

  const event = (type: string, object: Obj) => ({ id: newId('evt'), object: 'event', created: now(), livemode: false, type, data: { object } })
  // A renewal paid after a card update (the billing portal) moves money like any other invoice.
  const billing = createBillingStore({ subscriptions, invoices, paymentIntents, now, event, charged: (sub, invoice, pi) => chargeInvoice(sub, invoice, pi) })

  function createSession(p: Obj): StandInAnswer {
    if (p.mode !== 'payment' && p.mode !== 'subscription') return error(400, 'Invalid mode: must be payment or subscription')
    if (!p.success_url || !p.cancel_url) return error(400, 'Missing required param: success_url.')
    const items: Obj[] = Array.isArray(p.line_items) ? p.line_items : []
    const amount = items.reduce((sum, i) => sum + Number(i.price_data?.unit_amount ?? 0) * Number(i.quantity ?? 1), 0)
    const id = newId('cs')
    // The hosted page is ours in the sandbox: the app's /checkout shows the "Test mode" card for this session.
    const booking = p.metadata?.bookingId ? `&booking=${encodeURIComponent(String(p.metadata.bookingId))}` : ''
    const url = `${new URL(String(p.success_url)).origin}/checkout?sandboxSession=${id}${booking}`
    const session = {
      id,
      object: 'checkout.session',
      mode: p.mode,
      status: 'open',
      payment_status: 'unpaid',
      amount_total: amount,
      currency: String(items[0]?.price_data?.currency ?? 'cad').toLowerCase(),
      client_reference_id: p.client_reference_id ?? null,
      customer_email: p.customer_email ?? null,
      metadata: p.metadata ?? {},
      // Kept (Stripe does not show it on the session) so the subscription gets its fee and destination.
      subscription_data: p.subscription_data ?? null,
      // Kept likewise: a one-off payment's fee, destination and metadata go onto its charge.
      payment_intent_data: p.payment_intent_data ?? null,
      line_items: items,
      success_url: p.success_url,
      cancel_url: p.cancel_url,
      url,
      payment_intent: null,
      subscription: null,
      livemode: false,
      created: now(),
      expires_at: now() + 24 * 3600,
    }
    sessions.set(id, session)
    return { status: 200, body: session }
  }

  /** The test card was accepted: the session completes, and these are the events Stripe would deliver. */
  function complete(id: string): { session: Obj; events: Obj[] } | undefined {
    const session = sessions.get(id)
    if (!session) return undefined
    if (session.status === 'complete') return { session, events: [] }
    const pi = { id: newId('pi'), object: 'payment_intent', amount: session.amount_total, amount_refunded: 0, currency: session.currency, status: 'succeeded' }
    paymentIntents.set(pi.id, pi)
    const done: Obj = { ...session, status: 'complete', payment_status: 'paid' }
    const events: Obj[] = []
    if (session.mode === 'payment') {
      done.payment_intent = pi.id
      events.push(event('checkout.session.completed', done))
      const data = session.payment_intent_data ?? {}
      const paid = money.pay({
        amount: session.amount_total,
        currency: session.currency,
        paymentIntent: pi.id,
        metadata: data.metadata ?? {},
        feeAmount: data.application_fee_amount !== undefined ? Number(data.application_fee_amount) : null,
        destination: data.transfer_data?.destination ?? null,
      })
      events.push(...paid.events)
    } else {
      // Checkout makes a customer for a subscription (the billing portal is opened for it).
      const sub: Obj = { ...newSubscription(session, now()), customer: newId('cus') }
      subscriptions.set(sub.id, sub)
      done.subscription = sub.id
      done.customer = sub.customer
      events.push(event('checkout.session.completed', done))
      events.push(...payInvoice(sub, pi, 'subscription_create', now(), session.amount_total))
    }
    sessions.set(id, done)
    return { session: done, events }
  }

  /** A subscription's invoice paid with the payment intent: invoice.paid, then its charge's money events. */
  function payInvoice(sub: Obj, pi: Obj, reason: string, periodStart: number, amount: number): Obj[] {
    const invoice: Obj = {
      id: newId('in'),
      object: 'invoice',
      billing_reason: reason,
      subscription: sub.id,
      subscription_details: { metadata: sub.metadata },
      payment_intent: pi.id,
      amount_paid: amount,
      currency: pi.currency,
      status: 'paid',
      lines: { object: 'list', data: [{ amount, period: { start: periodStart, end: addMonthsUnix(periodStart, 1) } }], has_more: false },
      created: now(),
    }
    invoices.push(invoice)
    const moneyEvents = chargeInvoice(sub, invoice, pi)
    return [event('invoice.paid', invoice), ...moneyEvents]
  }

  /** The charge of a paid invoice, with the platform's fee and the host's transfer: their events. */
  function chargeInvoice(sub: Obj, invoice: Obj, pi: Obj): Obj[] {
    const amount = Number(invoice.amount_paid)
    const fee = sub.application_fee_percent !== null && sub.application_fee_percent !== undefined ? feeAtPercent(amount, sub.application_fee_percent) : null
    const paid = money.pay({
      amount,
      currency: pi.currency,
      paymentIntent: pi.id,
      invoice: invoice.id,
      feeAmount: fee,
      destination: sub.transfer_data?.destination ?? null,
    })
    invoice.charge = paid.charge.id
    return paid.events
  }

  /**
   * The subscription's next renewal is paid now (tests and the sandbox's clock-free stand-in for time
   * passing): the next charge its schedule makes (or, without one, the next month at its price).
   */
  function renew(subscriptionId: string): Obj[] | undefined {
    const sub = subscriptions.get(subscriptionId)
    if (!sub || sub.status === 'canceled') return undefined
    const done = invoices.filter((i) => i.subscription === sub.id && i.billing_reason === 'subscription_cycle').length
    const item = sub.items.data[0]
    const planned = sub.schedule ? schedules.charges(sub.schedule, { until: addMonthsUnix(now(), 120) })?.charges.slice(1) : undefined
    const next = planned
      ? planned[done]
      : { at: addMonthsUnix(sub.start_date, done + 1), cents: item.price.unit_amount, applicationFeePercent: sub.application_fee_percent }
    if (!next) return undefined
    const pi = { id: newId('pi'), object: 'payment_intent', amount: next.cents, amount_refunded: 0, currency: item.price.currency, status: 'succeeded' }
    paymentIntents.set(pi.id, pi)
    return payInvoice({ ...sub, application_fee_percent: next.applicationFeePercent }, pi, 'subscription_cycle', next.at, next.cents)
  }

  function handle(method: string, path: string, params: Record<string, FormValue>): StandInAnswer | undefined {
    const p = params as Obj
    const scheduled = schedules.handle(method, path, p) ?? billing.handle(method, path, p) ?? money.handle(method, path, p)
    if (scheduled) return scheduled
    const invoice = /^\/v1\/invoices\/(in_\w+)$/.exec(path)
    if (invoice && method === 'GET') {
      const found = invoices.find((i) => i.id === invoice[1])
      return found ? { status: 200, body: found } : error(404, `No such invoice: '${invoice[1]}'`)
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') return createSession(p)
    const session = /^\/v1\/checkout\/sessions\/(cs_\w+)$/.exec(path)
    if (session && method === 'GET') {
      const s = sessions.get(session[1]!)
      return s ? { status: 200, body: s } : error(404, `No such checkout.session: '${session[1]}'`)
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = paymentIntents.get(String(p.payment_intent ?? ''))
      if (!pi) return error(400, `No such payment_intent: '${p.payment_intent}'`)
      const left = pi.amount - pi.amount_refunded
      const amount = p.amount ? Number(p.amount) : left
      if (amount > left || amount <= 0) return error(400, `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`)
      pi.amount_refunded += amount
      const refund = {
        id: newId('re'),
        object: 'refund',
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        status: 'succeeded',
        metadata: p.metadata ?? {},
      }
      refunds.push(refund)
      money.refund(pi.id, refund, { reverseTransfer: String(p.reverse_transfer) === 'true', refundFee: String(p.refund_application_fee) === 'true' })
      return { status: 200, body: refund }
    }
    // Newer API versions leave payment_intent off invoices: it is read through the invoice's payments.
    if (method === 'GET' && path === '/v1/invoices') {
      const data = invoices.filter((i) => (!p.subscription || i.subscription === p.subscription) && (!p.status || i.status === p.status)).reverse()
      return { status: 200, body: { object: 'list', data: data.slice(0, Number(p.limit ?? 10)), has_more: false, url: '/v1/invoices' } }
    }
    if (method === 'GET' && path === '/v1/invoice_payments') {
      const data = invoices
        .filter((i) => (p.invoice ? i.id === p.invoice : !!p.payment?.payment_intent && i.payment_intent === p.payment.payment_intent))
        .map((i) => ({
          id: `inpay_${i.id}`,
          object: 'invoice_payment',
          invoice: i.id,
          status: 'paid',
          payment: { type: 'payment_intent', payment_intent: i.payment_intent },
        }))
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/invoice_payments' } }
    }
    const sub = /^\/v1\/subscriptions\/(sub_\w+)$/.exec(path)
    if (sub) {
      const s = subscriptions.get(sub[1]!)
      if (!s) return error(404, `No such subscription: '${sub[1]}'`)
      if (method === 'DELETE') Object.assign(s, { status: 'canceled', canceled_at: now() })
      else if (method === 'POST') {
        // As Stripe: a subscription a schedule manages takes no cancellation change of its own.
        if (s.schedule && (p.cancel_at !== undefined || p.cancel_at_period_end !== undefined))
          return error(
            400,
            `The subscription is managed by the subscription schedule \`${s.schedule}\`, and updating any cancelation behavior directly is not allowed. Please update the schedule instead.`,
          )
        if (p.trial_end) Object.assign(s, { trial_end: Number(p.trial_end), status: 'trialing' })
        if (p.cancel_at) s.cancel_at = Number(p.cancel_at)
        if (p.cancel_at_period_end) s.cancel_at_period_end = p.cancel_at_period_end === 'true'
      }
      return { status: 200, body: s }
    }
    return undefined
  }

  return {
    sessions,
    paymentIntents,
    subscriptions,
    invoices,
    refunds,
    schedules: schedules.schedules,
    scheduledCharges: schedules.charges,
    billing,
    money,
    handle,
    complete,
    renew,
  }
}
export type CheckoutStore = ReturnType<typeof createCheckoutStore>
