// A host's monthly statement, from the money ledger: every movement is counted in the month (UTC) it
// happened. Per charge, the host's share of the month is what the renter paid less what was refunded to
// them less the fee Nookshare kept (its fee less the fee it returned with a refund): with refunds that
// reverse the transfer (ours do), that is the same as the payment less the fee less the transfer reversed.
import type { Statement, StatementLine, StatementTotal } from '@contract/receipts'
import type { LedgerRow } from '../../../db/schema/ledger'
import { periodOf } from './receipt'
import type { Db } from '../../../db/client'
import { paymentsOfCharges } from '../queries/receipts'

/** [first instant of the month, first instant of the next), UTC. */
export function monthBounds(month: string): [Date, Date] {
  const [y, m] = month.split('-').map(Number) as [number, number]
  return [new Date(Date.UTC(y, m - 1, 1)), new Date(Date.UTC(y, m, 1))]
}

export const monthOf = (d: Date) => d.toISOString().slice(0, 7)

const CHARGE_KINDS = new Set<LedgerRow['kind']>(['payment', 'application_fee', 'application_fee_refund', 'refund', 'transfer_reversal'])

export interface PaymentContext {
  /** The payment row of each charge, whatever month it was made in. */
  payment: LedgerRow
  storageTitle: string | null
  renter: { firstName: string; lastName: string } | null
}

type Figures = Pick<StatementLine, 'paymentCents' | 'feeCents' | 'refundCents' | 'hostCents'>

/** One charge's figures from its rows of the month. */
export function chargeFigures(rows: LedgerRow[]): Figures {
  const sum = (kind: LedgerRow['kind']) => rows.filter((r) => r.kind === kind).reduce((n, r) => n + r.amountCents, 0)
  const paymentCents = sum('payment')
  const refundCents = sum('refund')
  const feeCents = sum('application_fee') - sum('application_fee_refund')
  return { paymentCents, feeCents, refundCents, hostCents: paymentCents - refundCents - feeCents }
}

/** The statement of a month from the host's rows of that month and the payments of the charges in them. */
export function buildStatement(
  month: string,
  rows: LedgerRow[],
  payments: Map<string, PaymentContext>,
): Pick<Statement, 'month' | 'lines' | 'transfers' | 'payouts' | 'totals'> {
  const byCharge = new Map<string, LedgerRow[]>()
  for (const r of rows) {
    if (!r.chargeId || !CHARGE_KINDS.has(r.kind)) continue
    byCharge.set(r.chargeId, [...(byCharge.get(r.chargeId) ?? []), r])
  }
  const lines: StatementLine[] = []
  for (const [chargeId, own] of byCharge) {
    const ctx = payments.get(chargeId)
    // A fee or refund whose payment the ledger has not recorded yet (events out of order): left for later.
    if (!ctx) continue
    const p = ctx.payment
    lines.push({
      receiptId: p.id,
      bookingId: p.bookingId,
      storageTitle: ctx.storageTitle,
      renter: ctx.renter,
      currency: p.currency,
      paidAt: p.occurredAt.toISOString(),
      period: periodOf(p),
      ...chargeFigures(own),
    })
  }
  lines.sort((a, b) => a.paidAt.localeCompare(b.paidAt))
  const movement = (r: LedgerRow, sign: 1 | -1) => ({
    date: r.occurredAt.toISOString(),
    amountCents: sign * r.amountCents,
    currency: r.currency,
    reference: r.stripeObjectId,
  })
  const transfers = rows.filter((r) => r.kind === 'transfer' || r.kind === 'transfer_reversal').map((r) => movement(r, r.kind === 'transfer' ? 1 : -1))
  const payouts = rows.filter((r) => r.kind === 'payout').map((r) => movement(r, 1))
  return { month, lines, transfers, payouts, totals: totalsOf(lines, transfers, payouts) }
}

function totalsOf(lines: StatementLine[], transfers: { currency: string; amountCents: number }[], payouts: { currency: string; amountCents: number }[]) {
  const totals = new Map<string, StatementTotal>()
  const of = (currency: string) => {
    let t = totals.get(currency)
    if (!t) {
      t = { currency, paymentCents: 0, feeCents: 0, refundCents: 0, hostCents: 0, transferredCents: 0, paidOutCents: 0 }
      totals.set(currency, t)
    }
    return t
  }
  for (const l of lines) {
    const t = of(l.currency)
    t.paymentCents += l.paymentCents
    t.feeCents += l.feeCents
    t.refundCents += l.refundCents
    t.hostCents += l.hostCents
  }
  for (const m of transfers) of(m.currency).transferredCents += m.amountCents
  for (const m of payouts) of(m.currency).paidOutCents += m.amountCents
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency))
}

/** The months with any of the host's money, newest first, with each month's host share and payouts per currency. */
export function statementMonths(rows: LedgerRow[], payments: Map<string, PaymentContext>) {
  const byMonth = new Map<string, LedgerRow[]>()
  for (const r of rows) byMonth.set(monthOf(r.occurredAt), [...(byMonth.get(monthOf(r.occurredAt)) ?? []), r])
  return [...byMonth.keys()]
    .sort((a, b) => b.localeCompare(a))
    .map((month) => ({
      month,
      totals: buildStatement(month, byMonth.get(month)!, payments).totals.map((t) => ({
        currency: t.currency,
        hostCents: t.hostCents,
        paidOutCents: t.paidOutCents,
      })),
    }))
}

/** The payments behind the charges of these rows (some may be from earlier months). */
export async function paymentsFor(db: Db, rows: LedgerRow[]) {
  const charges = [...new Set(rows.flatMap((r) => (r.chargeId ? [r.chargeId] : [])))]
  const found = await paymentsOfCharges(db, charges)
  return new Map<string, PaymentContext>(found.map((f) => [f.entry.chargeId!, { payment: f.entry, storageTitle: f.storage?.title ?? null, renter: f.renter }]))
}

// The host's ledger rows and name, read for the statement routes (the SQL: queries/receipts.ts).
export { hostEntries, hostEntriesBetween, personName } from '../queries/receipts'
