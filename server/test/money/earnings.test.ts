// What a booking pays next (projected from its schedule), and the ledger-derived figures that replaced
// the earnings once inferred from booking totals: the same cases, now as the rows Stripe's events write.
import { describe, expect, it } from 'vitest'
import type { BookingQuoteValue } from '../../src/db/schema/bookings'
import { lastTwelveMonths, nextPaymentOf, type MoneyBooking } from '../../src/modules/bookings/service/earnings'
import { nextPayoutDate } from '../../src/modules/payments/service/monthly-payout'
import { hostEarnings, type FigureRow } from '../../src/modules/money/service/ledger-figures'
import { breakdownOf, periodOf } from '../../src/modules/money/service/periods'
const monthly: BookingQuoteValue = {
  kind: 'monthly',
  days: null,
  monthlyCents: 12_000,
  baseCents: 12_000,
  serviceFeeCents: 1_200,
  protectionCents: 900,
  firstPaymentCents: 14_100,
  recurringCents: 14_100,
  platformFeePercent: 10,
}
const booking = (over: Partial<MoneyBooking> = {}): MoneyBooking => ({
  state: 'active',
  quote: monthly,
  startDate: '2026-03-10',
  endDate: null,
  paidThrough: '2026-05-09',
  paidCents: 28_200,
  refundedCents: 0,
  confirmedAt: new Date('2026-03-02T15:00:00Z'),
  cancelledAt: null,
  expiresAt: new Date('2026-03-03T15:00:00Z'),
  createdAt: new Date('2026-03-01T10:00:00Z'),
  ...over,
})

let n = 0
const row = (kind: FigureRow['kind'], amountCents: number, at: string, currency = 'CAD'): FigureRow => ({
  id: `r${++n}`,
  kind,
  amountCents,
  currency,
  occurredAt: new Date(at),
})

describe('earnings', () => {
  it('the host earns each payment less the fee: the transfers, by the month they happened', () => {
    // The first payment on the confirmation (Mar 2), the renewal on Apr 10: 14 100 each, 2 100 of it the fee.
    const rows = [row('transfer', 12_000, '2026-03-02T15:00:00Z'), row('transfer', 12_000, '2026-04-10T00:05:00Z')]
    const [cad] = hostEarnings(rows, new Date('2026-04-20T12:00:00Z'))
    expect(cad!.totalCents).toBe(24_000)
    expect(cad!.months.at(-1)).toEqual({ month: '2026-04', cents: 12_000 })
    expect(cad!.months.at(-2)).toEqual({ month: '2026-03', cents: 12_000 })
  })

  it('a full refund takes back the host’s share (the transfer reversal), in the month of the refund', () => {
    const rows = [row('transfer', 12_000, '2026-03-02T15:00:00Z'), row('transfer_reversal', 12_000, '2026-03-05T00:00:00Z')]
    const [cad] = hostEarnings(rows, new Date('2026-03-20T12:00:00Z'))
    expect(cad!.totalCents).toBe(0)
    expect(cad!.thisMonthCents).toBe(0)
    expect(hostEarnings([], new Date())).toEqual([])
  })

  it('groups by month over the last 12, oldest first; the next payout is the 1st', () => {
    const now = new Date('2026-04-20T12:00:00Z')
    expect(lastTwelveMonths(now)[0]).toBe('2025-05')
    const [cad] = hostEarnings(
      [row('transfer', 12_000, '2026-03-02T15:00:00Z'), row('transfer', 12_000, '2026-04-10T00:00:00Z'), row('transfer', 12_000, '2024-01-01T00:00:00Z')],
      now,
    )
    expect(cad!.months).toHaveLength(12)
    expect(cad!.months.reduce((s, m) => s + m.cents, 0)).toBe(24_000)
    // Older than 12 months: in the total, not in the chart.
    expect(cad!.totalCents).toBe(36_000)
    expect(nextPayoutDate(now)).toBe('2026-05-01')
    expect(nextPayoutDate(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01')
  })

  it('a stay ending inside a period pays that period pro-rated: the rental’s next payment and the month’s earnings are one figure', () => {
    // March 10 to April 19: the second period (April 10 to May 9, 30 days) is used for 10 of them.
    const b = booking({ endDate: '2026-04-19', paidThrough: '2026-04-09', paidCents: 14_100 })
    const next = nextPaymentOf(b, new Date('2026-04-01T12:00:00Z'))!
    expect(next).toEqual({ date: '2026-04-10', cents: 4_700, hostCents: 4_000 })
    // Stripe charges that amount on April 10: the ledger's row for it pays Apr 10–19 and is made of the planned parts.
    const paid = { ...b, paidCents: 14_100 + next.cents, paidThrough: '2026-04-19' }
    const period = periodOf(paid, '2026-04-10')
    expect([period.start, period.end, period.planned.cents]).toEqual(['2026-04-10', '2026-04-19', 4_700])
    expect(breakdownOf(4_700, period.planned)).toEqual({ rentCents: 4_000, serviceFeeCents: 400, protectionCents: 300 })
    // Its transfer (the payment less the fee) is what April earns: the rental's figure and the month's are one.
    const [cad] = hostEarnings(
      [row('transfer', 12_000, '2026-03-02T15:00:00Z'), row('transfer', 4_700 - 700, '2026-04-10T00:00:00Z')],
      new Date('2026-04-20T12:00:00Z'),
    )
    expect(cad!.months.at(-1)).toEqual({ month: '2026-04', cents: next.hostCents })
    expect(cad!.months.at(-2)).toEqual({ month: '2026-03', cents: 12_000 })
    // A full period is the recurring amount; nothing is due past the end.
    expect(nextPaymentOf(booking({ paidThrough: '2026-04-09' }), new Date('2026-04-01T12:00:00Z'))!.cents).toBe(14_100)
    expect(nextPaymentOf(paid, new Date('2026-04-15T12:00:00Z'))).toBeNull()
  })

  it('the next payment: the day after the paid period, none past the end or for a short stay', () => {
    const now = new Date('2026-04-20T12:00:00Z')
    expect(nextPaymentOf(booking(), now)).toEqual({ date: '2026-05-10', cents: 14_100, hostCents: 12_000 })
    expect(nextPaymentOf(booking({ endDate: '2026-05-09' }), now)).toBeNull()
    expect(nextPaymentOf(booking({ quote: { ...monthly, kind: 'short', recurringCents: 0 } }), now)).toBeNull()
  })
})
