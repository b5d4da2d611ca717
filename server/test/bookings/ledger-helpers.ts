// Ledger test helpers: pay with the stand-in's events dated at a chosen time (a payment "last month"),
// deliver the events the stand-in made after an API call (a refund), ask the stand-in directly as the app
// would (a partial refund), and read the ledger's rows.
import { and, eq, type SQL } from 'drizzle-orm'
import { ledgerEntries } from '../../src/db/schema/ledger'
import { act, deliver, type Ctx } from './helpers'

type Obj = Record<string, any>

/** The event with its object (and the refunds or reversals it lists) dated `at`. */
export function datedAt(event: Obj, at: Date | undefined): Obj {
  if (!at) return event
  const seconds = Math.floor(at.getTime() / 1000)
  const copy = structuredClone(event)
  const o = copy.data.object
  if ('created' in o) o.created = seconds
  for (const list of [o.refunds?.data, o.reversals?.data]) for (const r of list ?? []) r.created = seconds
  return copy
}

/** Delivers the events in order; each must be accepted. */
export async function deliverAll(ctx: Ctx, events: Obj[], at?: Date) {
  for (const e of events) {
    const res = await deliver(ctx, datedAt(e, at))
    if (res.status !== 200) throw new Error(`${e.type} not accepted: ${res.status} ${JSON.stringify(res.body)}`)
  }
}

/** The renter checks out and the stand-in's test card pays; the events are returned undelivered. */
export async function checkoutEvents(ctx: Ctx, token: string, bookingId: string) {
  const res = await act(ctx, token, bookingId, 'checkout')
  if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${JSON.stringify(res.body)}`)
  return ctx.stripe.checkout.complete(res.body.sessionId)!.events as Obj[]
}

/** Pays a booking with its money dated `at` (the checkout's own event is dated now: it changes no figure). */
export async function payAt(ctx: Ctx, token: string, bookingId: string, at?: Date) {
  const events = await checkoutEvents(ctx, token, bookingId)
  await deliverAll(ctx, events, at)
  return events
}

/** The events the stand-in made since the last call (a refund's), delivered. */
export async function deliverPending(ctx: Ctx, at?: Date) {
  const events = ctx.stripe.checkout.money.drain() as Obj[]
  await deliverAll(ctx, events, at)
  return events
}

/** A refund asked of the stand-in as the app asks it (reversing the transfer and the fee in proportion). */
export async function refundAtStandIn(ctx: Ctx, paymentIntent: string, amount?: number) {
  const body = new URLSearchParams({
    payment_intent: paymentIntent,
    reverse_transfer: 'true',
    refund_application_fee: 'true',
    ...(amount ? { amount: String(amount) } : {}),
  })
  const res = await fetch(`${ctx.stripe.url}/v1/refunds`, {
    method: 'POST',
    headers: { authorization: 'Bearer sk_test_nookshare', 'content-type': 'application/x-www-form-urlencoded' },
    body,
  })
  if (res.status !== 200) throw new Error(`refund failed: ${res.status} ${await res.text()}`)
  return (await res.json()) as Obj
}

export const ledgerRows = (ctx: Ctx, ...where: SQL[]) =>
  ctx.server.database.db
    .select()
    .from(ledgerEntries)
    .where(and(...where))
    // occurredAt is whole seconds (Stripe's): rows of one second tie on it, so the order is made total.
    .orderBy(ledgerEntries.occurredAt, ledgerEntries.kind, ledgerEntries.recordedAt, ledgerEntries.id)

export const rowsOfBooking = (ctx: Ctx, bookingId: string) => ledgerRows(ctx, eq(ledgerEntries.bookingId, bookingId))
