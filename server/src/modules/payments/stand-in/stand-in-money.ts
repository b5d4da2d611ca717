// The stand-in's money movements for destination charges with an application fee, as Stripe reports them:
// each payment is a charge (charge.succeeded), the platform's fee (application_fee.created) and the
// host's share moved to their connected account (transfer.created); a refund with reverse_transfer and
// refund_application_fee gives back both in proportion (charge.refunded, application_fee.refunded,
// transfer.reversed); a payout run pays each connected account's balance out (payout.paid, a Connect
// event carrying `account`). Events made by API calls (refunds) wait in `pending` until delivered.
import { randomBytes } from 'node:crypto'
import { refundSplit } from '../../money/service/refunds'

type Obj = Record<string, any>

const newId = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`

export interface PaymentInput {
  amount: number
  currency: string
  paymentIntent: string
  metadata?: Record<string, unknown>
  invoice?: string | null
  feeAmount?: number | null
  destination?: string | null
}

export function createMoneyStore(now: () => number) {
  const charges = new Map<string, Obj>()
  const fees = new Map<string, Obj>()
  const transfers = new Map<string, Obj>()
  const payouts: Obj[] = []
  /** Events made by API calls (a refund), in the order Stripe would send them; `drain` hands them over. */
  const pending: Obj[] = []
  let listener: ((events: Obj[]) => void) | undefined

  const event = (type: string, object: Obj, account?: string) => ({
    id: newId('evt'),
    object: 'event',
    created: now(),
    livemode: false,
    type,
    ...(account ? { account } : {}),
    data: { object: structuredClone(object) },
  })
  const list = (data: Obj[], url: string) => ({ object: 'list', data, has_more: false, url })

  /** A payment succeeded: the charge, the platform's fee and the host's transfer. */
  function pay(p: PaymentInput): { charge: Obj; events: Obj[] } {
    const charge: Obj = {
      id: newId('ch'),
      object: 'charge',
      amount: p.amount,
      amount_captured: p.amount,
      amount_refunded: 0,
      currency: p.currency,
      status: 'succeeded',
      paid: true,
      refunded: false,
      payment_intent: p.paymentIntent,
      invoice: p.invoice ?? null,
      metadata: p.metadata ?? {},
      application_fee: null,
      application_fee_amount: p.feeAmount ?? null,
      transfer_data: p.destination ? { destination: p.destination } : null,
      destination: p.destination ?? null,
      transfer: null,
      refunds: list([], '/v1/refunds'),
      created: now(),
    }
    charges.set(charge.id, charge)
    const events: Obj[] = [event('charge.succeeded', charge)]
    if (!p.destination) return { charge, events }
    const fee = p.feeAmount ?? 0
    if (fee > 0) {
      const f = {
        id: newId('fee'),
        object: 'application_fee',
        amount: fee,
        amount_refunded: 0,
        currency: p.currency,
        charge: charge.id,
        account: p.destination,
        refunds: list([], '/v1/fee_refunds'),
        created: now(),
      }
      fees.set(f.id, f)
      charge.application_fee = f.id
      events.push(event('application_fee.created', f))
    }
    const t = {
      id: newId('tr'),
      object: 'transfer',
      amount: p.amount - fee,
      amount_reversed: 0,
      currency: p.currency,
      destination: p.destination,
      source_transaction: charge.id,
      reversals: list([], '/v1/transfers/reversals'),
      created: now(),
    }
    transfers.set(t.id, t)
    charge.transfer = t.id
    events.push(event('transfer.created', t))
    return { charge, events }
  }

  /** A refund of a charge (the refund object is made by the caller); its events wait in `pending`. */
  function refund(chargeOrIntent: string, r: Obj, opts: { reverseTransfer: boolean; refundFee: boolean }) {
    const charge = charges.get(chargeOrIntent) ?? [...charges.values()].find((c) => c.payment_intent === chargeOrIntent)
    if (!charge) return
    r.charge = charge.id
    r.created = r.created ?? now()
    charge.amount_refunded += r.amount
    charge.refunded = charge.amount_refunded >= charge.amount
    charge.refunds.data.unshift(r)
    const events: Obj[] = [event('charge.refunded', charge)]
    const fee = charge.application_fee ? fees.get(charge.application_fee) : undefined
    const split = refundSplit(r.amount, charge.amount, fee?.amount ?? 0)
    if (fee && opts.refundFee && split.feeRefund > 0) {
      fee.amount_refunded += split.feeRefund
      fee.refunds.data.unshift({ id: newId('fr'), object: 'fee_refund', amount: split.feeRefund, currency: fee.currency, fee: fee.id, created: now() })
      events.push(event('application_fee.refunded', fee))
    }
    const t = charge.transfer ? transfers.get(charge.transfer) : undefined
    if (t && opts.reverseTransfer && split.transferReversal > 0) {
      const amount = Math.min(split.transferReversal, t.amount - t.amount_reversed)
      t.amount_reversed += amount
      t.reversals.data.unshift({ id: newId('trr'), object: 'transfer_reversal', amount, currency: t.currency, transfer: t.id, created: now() })
      events.push(event('transfer.reversed', t))
    }
    emit(events)
  }

  /** What each connected account holds per currency: transferred, less reversed, less paid out. */
  function balances(): Map<string, Map<string, number>> {
    const out = new Map<string, Map<string, number>>()
    const add = (account: string, currency: string, n: number) => {
      const per = out.get(account) ?? new Map<string, number>()
      per.set(currency, (per.get(currency) ?? 0) + n)
      out.set(account, per)
    }
    for (const t of transfers.values()) add(t.destination, t.currency, t.amount - t.amount_reversed)
    for (const p of payouts) add(p.account, p.currency, -p.amount)
    return out
  }

  /** One payout of a connected account's balance to its bank: the payout.paid event (a Connect event). */
  function payout(account: string, currency: string, amount: number): Obj {
    const p = { id: newId('po'), object: 'payout', amount, currency: currency.toLowerCase(), status: 'paid', arrival_date: now(), created: now() }
    payouts.push({ ...p, account })
    return event('payout.paid', p, account)
  }

  /** The payout run over the balances this stand-in saw (a test): each account's balance goes to its bank; returns the events to deliver. */
  function payoutRun(opts: { account?: string } = {}): Obj[] {
    const events: Obj[] = []
    for (const [account, per] of balances()) {
      if (opts.account && account !== opts.account) continue
      for (const [currency, amount] of per) if (amount > 0) events.push(payout(account, currency, amount))
    }
    return events
  }

  function emit(events: Obj[]) {
    if (events.length === 0) return
    pending.push(...events)
    if (listener) listener(drain())
  }
  const drain = () => pending.splice(0, pending.length)

  function handle(method: string, path: string, p: Obj): { status: number; body: unknown } | undefined {
    const one = /^\/v1\/charges\/(ch_\w+)$/.exec(path)
    if (one && method === 'GET') {
      const c = charges.get(one[1]!)
      return c ? { status: 200, body: c } : { status: 404, body: { error: { type: 'invalid_request_error', message: `No such charge: '${one[1]}'` } } }
    }
    if (method === 'GET' && path === '/v1/refunds' && p.charge)
      return { status: 200, body: list(charges.get(String(p.charge))?.refunds.data ?? [], '/v1/refunds') }
    return undefined
  }

  return {
    charges,
    fees,
    transfers,
    payouts,
    pending,
    pay,
    refund,
    payout,
    payoutRun,
    balances,
    drain,
    handle,
    /** Called with each batch of events API calls make (the sandbox delivers them to the webhook). */
    onEvents: (fn: ((events: Obj[]) => void) | undefined) => {
      listener = fn
      if (fn && pending.length) fn(drain())
    },
  }
}
export type MoneyStore = ReturnType<typeof createMoneyStore>
