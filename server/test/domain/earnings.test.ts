// The payments a booking has moved and what the host earns of each, derived from its running totals.
import { describe, expect, it } from 'vitest'
import type { BookingQuoteValue } from '../../src/db/schema/bookings'
import {
  earningsByMonth,
  hostEarningsOf,
  lastTwelveMonths,
  nextPaymentOf,
  nextPayoutDate,
  paymentsOf,
  type MoneyBooking,
} from '../../src/domain/bookings/earnings'

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

describe('earnings', () => {
  it('dates the first payment on the confirmation and each renewal on its month; the host earns each less the fee', () => {
    expect(paymentsOf(booking())).toEqual([
      { date: '2026-03-02', cents: 14_100, hostCents: 12_000 },
      { date: '2026-04-10', cents: 14_100, hostCents: 12_000 },
    ])
    expect(hostEarningsOf(booking())).toBe(24_000)
  })

  it('the payments sum to paidCents exactly, and a full refund takes back the host’s share', () => {
    const b = booking({ paidCents: 14_100, refundedCents: 14_100, state: 'cancelled', cancelledAt: new Date('2026-03-05T00:00:00Z') })
    const p = paymentsOf(b)
    expect(p.reduce((n, x) => n + x.cents, 0)).toBe(14_100 - 14_100)
    expect(p.at(-1)).toEqual({ date: '2026-03-05', cents: -14_100, hostCents: -12_000 })
    expect(hostEarningsOf(b)).toBe(0)
    expect(paymentsOf(booking({ paidCents: 0 }))).toEqual([])
  })

  it('groups by month over the last 12, oldest first; the next payout is the 1st', () => {
    const now = new Date('2026-04-20T12:00:00Z')
    expect(lastTwelveMonths(now)[0]).toBe('2025-05')
    const months = earningsByMonth([booking(), booking({ confirmedAt: new Date('2024-01-01T00:00:00Z'), paidCents: 14_100 })], now)
    expect(months).toHaveLength(12)
    expect(months.at(-1)).toEqual({ month: '2026-04', cents: 12_000 })
    expect(months.at(-2)).toEqual({ month: '2026-03', cents: 12_000 })
    expect(months.reduce((n, m) => n + m.cents, 0)).toBe(24_000)
    expect(nextPayoutDate(now)).toBe('2026-05-01')
    expect(nextPayoutDate(new Date('2026-12-31T23:00:00Z'))).toBe('2027-01-01')
  })

  it('a stay ending inside a period pays that period pro-rated: the rental’s next payment and the month’s earnings are one figure', () => {
    // March 10 to April 19: the second period (April 10 to May 9, 30 days) is used for 10 of them.
    const b = booking({ endDate: '2026-04-19', paidThrough: '2026-04-09', paidCents: 14_100 })
    const next = nextPaymentOf(b, new Date('2026-04-01T12:00:00Z'))!
    expect(next).toEqual({ date: '2026-04-10', cents: 4_700, hostCents: 4_000 })
    // Stripe charges that amount on April 10: April earns what the rental said it would, March the first month.
    const paid = { ...b, paidCents: 14_100 + next.cents, paidThrough: '2026-05-09' }
    expect(paymentsOf(paid)).toEqual([
      { date: '2026-03-02', cents: 14_100, hostCents: 12_000 },
      { date: '2026-04-10', cents: 4_700, hostCents: 4_000 },
    ])
    const months = earningsByMonth([paid], new Date('2026-04-20T12:00:00Z'))
    expect(months.at(-1)).toEqual({ month: '2026-04', cents: next.hostCents })
    expect(months.at(-2)).toEqual({ month: '2026-03', cents: 12_000 })
    // A full period is the recurring amount; nothing is due past the end.
    expect(nextPaymentOf(booking({ paidThrough: '2026-04-09' }), new Date('2026-04-01T12:00:00Z'))!.cents).toBe(14_100)
    expect(nextPaymentOf({ ...paid, paidThrough: '2026-04-19' }, new Date('2026-04-15T12:00:00Z'))).toBeNull()
  })

  it('the next payment: the day after the paid period, none past the end or for a short stay', () => {
    const now = new Date('2026-04-20T12:00:00Z')
    expect(nextPaymentOf(booking(), now)).toEqual({ date: '2026-05-10', cents: 14_100, hostCents: 12_000 })
    expect(nextPaymentOf(booking({ endDate: '2026-05-09' }), now)).toBeNull()
    expect(nextPaymentOf(booking({ quote: { ...monthly, kind: 'short', recurringCents: 0 } }), now)).toBeNull()
  })
})
