// The dashboards' money figures, computed from ledger rows only (never from a booking's totals), one set
// per currency. A host earns what was transferred to their connected account, less what was reversed;
// what is transferred and not yet paid out is the next payout. A renter paid their payments, less refunds.
// Sums are over rows, so they do not depend on the order the events arrived in.
import type { LedgerKind } from '../../../db/schema/ledger'
import { dayOf } from '../../bookings/service/calendar'

export interface FigureRow {
  id: string
  kind: LedgerKind
  amountCents: number
  currency: string
  occurredAt: Date
}

export interface HostEarnings {
  currency: string
  /** Earned this month (the last of `months`). */
  thisMonthCents: number
  /** The last 12 months, oldest first. */
  months: { month: string; cents: number }[]
  totalCents: number
  /** Transferred to the host and not yet paid out: what the next payout sends. */
  nextPayoutCents: number
}

/** What a row adds to the host's earnings: a transfer counts, a reversal takes back; other kinds are not earnings. */
export const hostShareOf = (r: Pick<FigureRow, 'kind' | 'amountCents'>) =>
  r.kind === 'transfer' ? r.amountCents : r.kind === 'transfer_reversal' ? -r.amountCents : 0

/** What a row moved for the renter: a payment paid, a refund came back (negative). */
export const renterAmountOf = (r: Pick<FigureRow, 'kind' | 'amountCents'>) => (r.kind === 'payment' ? r.amountCents : r.kind === 'refund' ? -r.amountCents : 0)

/** 'YYYY-MM' for the 12 months ending with now's month, oldest first (UTC). */
export function lastTwelveMonths(now: Date): string[] {
  const months: string[] = []
  for (let i = 11; i >= 0; i--) months.push(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1)).toISOString().slice(0, 7))
  return months
}

/** The host's earnings per currency (the currency with the most earned first, then by code). */
export function hostEarnings(rows: FigureRow[], now: Date): HostEarnings[] {
  const months = lastTwelveMonths(now)
  const per = new Map<string, { months: Map<string, number>; total: number; paidOut: number }>()
  for (const r of rows) {
    const c = per.get(r.currency) ?? { months: new Map(months.map((m) => [m, 0])), total: 0, paidOut: 0 }
    per.set(r.currency, c)
    if (r.kind === 'payout') c.paidOut += r.amountCents
    const share = hostShareOf(r)
    if (share === 0) continue
    c.total += share
    const month = dayOf(r.occurredAt).slice(0, 7)
    if (c.months.has(month)) c.months.set(month, c.months.get(month)! + share)
  }
  return [...per.entries()]
    .map(([currency, c]) => {
      const list = months.map((month) => ({ month, cents: c.months.get(month)! }))
      return { currency, thisMonthCents: list[list.length - 1]!.cents, months: list, totalCents: c.total, nextPayoutCents: Math.max(0, c.total - c.paidOut) }
    })
    .sort((a, b) => b.totalCents - a.totalCents || a.currency.localeCompare(b.currency))
}

/** The renter's payments and refunds as a list, newest first; each names its ledger row (its receipt). */
export function renterPayments<T extends FigureRow>(rows: T[]) {
  return (
    rows
      .filter((r) => r.kind === 'payment' || r.kind === 'refund')
      .map((r) => ({ row: r, date: dayOf(r.occurredAt), cents: renterAmountOf(r) }))
      // Stripe's times are whole seconds: at the same second a refund follows its payment, so it lists first.
      .sort(
        (a, b) =>
          b.row.occurredAt.getTime() - a.row.occurredAt.getTime() ||
          (a.row.kind === 'refund' ? -1 : 0) - (b.row.kind === 'refund' ? -1 : 0) ||
          a.row.id.localeCompare(b.row.id),
      )
  )
}

/** Paid and refunded per booking (for the renter's bookings list), from the same rows. */
export function paidByBooking(rows: (FigureRow & { bookingId: string | null })[]): Map<string, { paidCents: number; refundedCents: number }> {
  const out = new Map<string, { paidCents: number; refundedCents: number }>()
  for (const r of rows) {
    if (!r.bookingId || (r.kind !== 'payment' && r.kind !== 'refund')) continue
    const sums = out.get(r.bookingId) ?? { paidCents: 0, refundedCents: 0 }
    if (r.kind === 'payment') sums.paidCents += r.amountCents
    else sums.refundedCents += r.amountCents
    out.set(r.bookingId, sums)
  }
  return out
}

// The ledger rows the dashboards and the sandbox's payouts add up, for the bookings and payments modules
// (the SQL: queries/ledger.ts).
export { balanceRowsWithAccounts, hostLedgerRows, renterLedgerRows } from '../queries/ledger'
