// Ledger rows as the webhook handler writes them, inserted directly next to bookings made through the API.
import type { NewLedgerRow } from '../../src/db/schema/ledger'
import { ledgerEntries } from '../../src/db/schema/ledger'
import { act, day, renter, request, type Ctx } from '../bookings/helpers'

let seq = 0
const next = (prefix: string) => `${prefix}_rcpt_${Date.now().toString(36)}_${++seq}`

/** A booking requested by a new renter and accepted by the host (no payment: the ledger rows are ours). */
export async function acceptedBooking(ctx: Ctx, host: { token: string }, listingId: string, startInDays = 10) {
  const r = await renter(ctx)
  // An open-ended stay from that day: a second one on the same listing needs its own listing or later days.
  const res = await request(ctx, r.token, { storageId: listingId, startDate: day(startInDays) })
  if (res.status !== 201) throw new Error(`request failed: ${res.status} ${JSON.stringify(res.body)}`)
  const accepted = await act(ctx, host.token, res.body.id, 'accept')
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status}`)
  return { renter: r, bookingId: res.body.id as string }
}

type Party = { bookingId: string; hostId: string; renterId: string }

export async function insertRows(ctx: Ctx, rows: Omit<NewLedgerRow, 'stripeEventId' | 'stripeObjectId'>[]) {
  return ctx.server.database.db
    .insert(ledgerEntries)
    .values(rows.map((r) => ({ stripeObjectId: next(r.kind), stripeEventId: next('evt'), ...r })))
    .returning()
}

/** A payment with its application fee (and the transfer of the rest to the host). */
export async function insertPayment(
  ctx: Ctx,
  party: Party,
  p: { cents: number; feeCents: number; currency?: string; at: string; period?: [string, string]; breakdown: NewLedgerRow['breakdown'] },
) {
  const chargeId = next('ch')
  const currency = p.currency ?? 'CAD'
  const occurredAt = new Date(p.at)
  const [payment] = await insertRows(ctx, [
    {
      kind: 'payment',
      ...party,
      chargeId,
      invoiceId: null,
      amountCents: p.cents,
      currency,
      periodStart: p.period?.[0] ?? null,
      periodEnd: p.period?.[1] ?? null,
      breakdown: p.breakdown,
      occurredAt,
    },
    { kind: 'application_fee', ...party, chargeId, amountCents: p.feeCents, currency, occurredAt },
    { kind: 'transfer', ...party, chargeId, amountCents: p.cents - p.feeCents, currency, occurredAt },
  ])
  return { payment: payment!, chargeId }
}

/** A refund of part of a charge: the renter's money back, the fee returned and the transfer reversed in proportion. */
export async function insertRefund(ctx: Ctx, party: Party, chargeId: string, r: { cents: number; feeRefundCents: number; currency?: string; at: string }) {
  const currency = r.currency ?? 'CAD'
  const occurredAt = new Date(r.at)
  return insertRows(ctx, [
    { kind: 'refund', ...party, chargeId, amountCents: r.cents, currency, occurredAt },
    { kind: 'application_fee_refund', ...party, chargeId, amountCents: r.feeRefundCents, currency, occurredAt },
    { kind: 'transfer_reversal', ...party, chargeId, amountCents: r.cents - r.feeRefundCents, currency, occurredAt },
  ])
}
