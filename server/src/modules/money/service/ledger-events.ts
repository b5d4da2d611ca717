// Writes the ledger from verified Stripe events (the webhook calls recordMoneyEvent for every one): each
// payment, refund, application fee and its refund, transfer and its reversal, payout and dispute becomes
// one row, keyed by its Stripe object, so a replayed or re-ordered event never writes twice. The parties
// (booking, host, renter) are found from the object itself (metadata, its invoice's subscription, the
// connected account), not from rows written before, so a refund that arrives before its charge is
// recorded as fully as one that arrives after.
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { appendLedgerRows, bookingParties, chargeRow, hostOfAccount } from '../queries/ledger'
import type { BookingRow } from '../../../db/schema/bookings'
import type { NewLedgerRow } from '../../../db/schema/ledger'
import { dayOf } from '../../bookings/service/calendar'
import { normalCurrency } from './currency'
import { breakdownOf, periodOf } from './periods'

export const MONEY_EVENT_TYPES = new Set([
  'charge.succeeded',
  'charge.refunded',
  'application_fee.created',
  'application_fee.refunded',
  'transfer.created',
  'transfer.reversed',
  'payout.paid',
  'charge.dispute.created',
  'charge.dispute.closed',
])

type Obj = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- Stripe's event objects, read loosely
const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as Obj).id) : null)
const at = (seconds: unknown) => new Date(Number(seconds ?? 0) * 1000)
type Parties = { bookingId: string | null; hostId: string | null; renterId: string | null }
const nobody: Parties = { bookingId: null, hostId: null, renterId: null }
const partiesOf = (b: BookingRow | undefined): Parties => (b ? { bookingId: b.id, hostId: b.hostId, renterId: b.renterId } : nobody)

/** Records the event's money in the ledger; returns how many rows were new (0 for a replay or another event). */
export async function recordMoneyEvent(app: FastifyInstance, event: Stripe.Event): Promise<number> {
  if (!MONEY_EVENT_TYPES.has(event.type)) return 0
  const rows = await rowsOf(app, event)
  return appendLedgerRows(app.db, rows)
}

async function rowsOf(app: FastifyInstance, event: Stripe.Event): Promise<NewLedgerRow[]> {
  // Read loosely on purpose (fields of several API versions, and of several object types): a widening, not a cast.
  const o: Obj = event.data.object
  const base = { stripeEventId: event.id, currency: normalCurrency(String(o.currency ?? '')) }
  switch (event.type) {
    case 'charge.succeeded': {
      const { booking, invoice } = await bookingOfCharge(app, o)
      const hostId = booking?.hostId ?? (await hostOf(app, idOf(o.transfer_data?.destination) ?? idOf(o.destination)))
      const amount = Number(o.amount)
      // A renewal invoice pays the period its line starts in; a checkout (or a subscription's first invoice) the first.
      const lineStart = invoice && invoice.billing_reason !== 'subscription_create' ? invoice.lines?.data?.[0]?.period?.start : undefined
      const period = booking ? periodOf(booking, lineStart ? dayOf(at(lineStart)) : null) : null
      return [
        {
          ...base,
          ...partiesOf(booking),
          hostId,
          kind: 'payment',
          stripeObjectId: o.id,
          chargeId: o.id,
          invoiceId: idOf(o.invoice) ?? idOf(invoice),
          amountCents: amount,
          periodStart: period?.start ?? null,
          periodEnd: period?.end ?? null,
          breakdown: period ? breakdownOf(amount, period.planned) : null,
          details: { paymentIntentId: idOf(o.payment_intent), applicationFeeCents: o.application_fee_amount ?? null },
          occurredAt: at(o.created),
        },
      ]
    }
    case 'charge.refunded': {
      const parties = partiesOf((await bookingOfCharge(app, o)).booking)
      const refunds = await refundsOf(app, o)
      return refunds
        .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
        .map((r) => ({
          ...base,
          ...parties,
          kind: 'refund' as const,
          stripeObjectId: r.id,
          chargeId: o.id,
          amountCents: Number(r.amount),
          details: { reason: r.reason ?? null, status: r.status ?? null },
          occurredAt: at(r.created ?? event.created),
        }))
    }
    case 'application_fee.created':
    case 'application_fee.refunded': {
      // For a destination charge the platform's charge is the originating transaction (`charge` is the
      // payment on the connected account).
      const chargeId = idOf(o.originating_transaction) ?? idOf(o.charge)
      const found = await partiesOfCharge(app, chargeId)
      const parties = { ...found, hostId: (await hostOf(app, idOf(o.account))) ?? found.hostId }
      if (event.type === 'application_fee.created')
        return [{ ...base, ...parties, kind: 'application_fee', stripeObjectId: o.id, chargeId, amountCents: Number(o.amount), occurredAt: at(o.created) }]
      return ((o.refunds?.data ?? []) as Obj[]).map((r) => ({
        ...base,
        ...parties,
        kind: 'application_fee_refund' as const,
        stripeObjectId: r.id,
        chargeId,
        amountCents: Number(r.amount),
        occurredAt: at(r.created ?? event.created),
      }))
    }
    case 'transfer.created':
    case 'transfer.reversed': {
      const chargeId = idOf(o.source_transaction)
      const found = await partiesOfCharge(app, chargeId)
      const parties = { ...found, hostId: (await hostOf(app, idOf(o.destination))) ?? found.hostId }
      if (event.type === 'transfer.created')
        return [{ ...base, ...parties, kind: 'transfer', stripeObjectId: o.id, chargeId, amountCents: Number(o.amount), occurredAt: at(o.created) }]
      return ((o.reversals?.data ?? []) as Obj[]).map((r) => ({
        ...base,
        ...parties,
        kind: 'transfer_reversal' as const,
        stripeObjectId: r.id,
        chargeId,
        amountCents: Number(r.amount),
        occurredAt: at(r.created ?? event.created),
      }))
    }
    case 'payout.paid': {
      // A Connect event: the connected account that was paid out is the event's account.
      const hostId = await hostOf(app, event.account ?? null)
      return [
        {
          ...base,
          ...nobody,
          hostId,
          kind: 'payout',
          stripeObjectId: o.id,
          amountCents: Number(o.amount),
          details: { arrivalDate: o.arrival_date ? dayOf(at(o.arrival_date)) : null, account: event.account ?? null },
          occurredAt: at(o.created),
        },
      ]
    }
    case 'charge.dispute.created':
    case 'charge.dispute.closed': {
      const chargeId = idOf(o.charge)
      return [
        {
          ...base,
          ...(await partiesOfCharge(app, chargeId)),
          kind: event.type === 'charge.dispute.created' ? 'dispute' : 'dispute_closed',
          stripeObjectId: o.id,
          chargeId,
          amountCents: Number(o.amount),
          details: { reason: o.reason ?? null, status: o.status ?? null },
          occurredAt: at(event.type === 'charge.dispute.created' ? o.created : event.created),
        },
      ]
    }
  }
  return []
}

/** Stripe lookups are a help, not a condition: a row is written with what is known. */
async function tryStripe<T>(app: FastifyInstance, what: string, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn()
  } catch (err) {
    app.log.warn({ err, what }, 'ledger: a Stripe lookup failed; the row is recorded without it')
    return undefined
  }
}

const hostOf = async (app: FastifyInstance, account: string | null) => (account ? ((await hostOfAccount(app.db, account)) ?? null) : null)

/**
 * The booking a charge paid: its own metadata (a one-off checkout's), else its invoice's subscription
 * (metadata or the stored subscription id), else its payment intent as the booking stored it.
 */
async function bookingOfCharge(app: FastifyInstance, charge: Obj): Promise<{ booking?: BookingRow; invoice?: Obj }> {
  const db = app.db
  let invoice: Obj | undefined = charge.invoice && typeof charge.invoice === 'object' ? charge.invoice : undefined
  const byMetadata = charge.metadata?.bookingId as string | undefined
  const paymentIntent = idOf(charge.payment_intent)
  // Newer API versions leave `invoice` off charges: the invoice is found through its payments.
  const invoiceId = idOf(charge.invoice) ?? (!byMetadata && paymentIntent ? await invoiceOfPayment(app, paymentIntent) : null)
  if (!invoice && invoiceId) invoice = (await tryStripe(app, 'invoice', () => app.payments.stripe.invoices.retrieve(invoiceId))) as Obj | undefined
  const subscriptionMetadata = invoice?.parent?.subscription_details?.metadata?.bookingId ?? invoice?.subscription_details?.metadata?.bookingId
  const subscription = idOf(invoice?.subscription) ?? idOf(invoice?.parent?.subscription_details?.subscription)
  const booking =
    (byMetadata && (await bookingParties(db, { id: byMetadata }))) ||
    (subscriptionMetadata && (await bookingParties(db, { id: subscriptionMetadata }))) ||
    (subscription && (await bookingParties(db, { subscriptionId: subscription }))) ||
    (paymentIntent && (await bookingParties(db, { paymentIntentId: paymentIntent }))) ||
    undefined
  return { booking, invoice }
}

async function invoiceOfPayment(app: FastifyInstance, paymentIntent: string): Promise<string | null> {
  const listed = await tryStripe(app, 'invoice payments', () =>
    app.payments.stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: paymentIntent }, limit: 1 }),
  )
  return idOf(listed?.data[0]?.invoice)
}

/** The parties of a charge named by id: from its payment row when recorded, else from the charge at Stripe. */
async function partiesOfCharge(app: FastifyInstance, chargeId: string | null): Promise<Parties> {
  if (!chargeId) return nobody
  const row = await chargeRow(app.db, chargeId)
  if (row?.bookingId) return { bookingId: row.bookingId, hostId: row.hostId, renterId: row.renterId }
  const charge = (await tryStripe(app, 'charge', () => app.payments.stripe.charges.retrieve(chargeId))) as Obj | undefined
  return charge ? partiesOf((await bookingOfCharge(app, charge)).booking) : nobody
}

/** A refunded charge's refunds: listed on the charge by older API versions, else asked for. */
async function refundsOf(app: FastifyInstance, charge: Obj): Promise<Obj[]> {
  if (Array.isArray(charge.refunds?.data) && !charge.refunds.has_more) return charge.refunds.data
  const listed = await tryStripe(app, 'refunds', () => app.payments.stripe.refunds.list({ charge: charge.id, limit: 100 }))
  return (listed?.data as Obj[] | undefined) ?? charge.refunds?.data ?? []
}
