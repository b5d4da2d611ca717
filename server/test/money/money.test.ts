// The money rules at their edges: currency rounding (zero-decimal currencies), pro-rating, the fees,
// refunds and how a refund splits, the period a payment pays, and every ledger-derived figure against
// hand-computed cases in two currencies.
import { describe, expect, it } from 'vitest'
import type { BookingQuoteValue } from '../../src/db/schema/bookings'
import { roundMinor } from '../../src/modules/money/service/currency'
import { applicationFeeCents, applicationFeePercent, feeAtPercent, paymentFeePercent, percentOf, proRate } from '../../src/modules/money/service/fees'
import { hostEarnings, paidByBooking, renterPayments, type FigureRow } from '../../src/modules/money/service/ledger-figures'
import { breakdownOf, periodOf } from '../../src/modules/money/service/periods'
import { refundCents, refundSplit } from '../../src/modules/money/service/refunds'
import { quote } from '../../src/modules/bookings/service/pricing'

// Reading and writing amounts (minorDigits, parseMoney) is tested with the contract: contract/money.test.ts.
describe('currency rounding', () => {
  it('rounds half away from zero, so a refund mirrors its payment', () => {
    expect(roundMinor(12.5)).toBe(13)
    expect(roundMinor(-12.5)).toBe(-13)
    expect(roundMinor(12.49)).toBe(12)
    expect(roundMinor(0)).toBe(0)
  })
})

describe('pro-rating and fees', () => {
  it('a part of a month is days/30 of the price, rounded to a whole unit', () => {
    expect(proRate(12_000, 30)).toBe(12_000)
    expect(proRate(12_000, 1)).toBe(400)
    expect(proRate(10_000, 1)).toBe(333) // 333.33…
    expect(proRate(10_000, 2)).toBe(667) // 666.66…
    expect(proRate(100, 15)).toBe(50)
    expect(proRate(1, 15)).toBe(1) // half a unit rounds up
    expect(proRate(12_000, 0)).toBe(0)
    // Yen: ¥10 000 a month for 7 days is ¥2 333, never ¥2 333.33.
    expect(proRate(10_000, 7)).toBe(2_333)
  })

  it('the service fee is a percentage of the rent; the platform keeps it and the protection plan', () => {
    expect(percentOf(12_000, 10)).toBe(1_200)
    expect(percentOf(333, 10)).toBe(33)
    expect(percentOf(335, 10)).toBe(34) // 33.5 → 34
    expect(percentOf(12_000, 0)).toBe(0)
    expect(applicationFeeCents({ serviceFeeCents: 1_200, protectionCents: 900 })).toBe(2_100)
    expect(paymentFeePercent({ serviceFeeCents: 1_200, protectionCents: 900, cents: 14_100 })).toBe(14.89)
    const q = quote({ monthlyCents: 12_000, startDate: '2026-03-10', endDate: null, protection: true, platformFeePercent: 10 })
    expect(applicationFeePercent(q)).toBe(14.89)
    // Stripe takes a subscription's fee at that percentage of each invoice.
    expect(feeAtPercent(14_100, 14.89)).toBe(2_099)
    expect(feeAtPercent(0, 14.89)).toBe(0)
  })
})

describe('refunds', () => {
  const paid = { state: 'confirmed' as const, startDate: '2026-03-10', paidCents: 14_100, refundedCents: 0 }
  it('all back more than 24 h before the start, nothing after; the host always refunds all that is left', () => {
    expect(refundCents(paid, 'renter', new Date('2026-03-08T23:59:59Z'))).toBe(14_100)
    expect(refundCents(paid, 'renter', new Date('2026-03-09T00:00:00Z'))).toBe(0) // exactly 24 h: not more than
    expect(refundCents(paid, 'host', new Date('2026-03-09T12:00:00Z'))).toBe(14_100)
    expect(refundCents({ ...paid, refundedCents: 4_100 }, 'host', new Date('2026-03-01T00:00:00Z'))).toBe(10_000)
    expect(refundCents({ ...paid, state: 'active' }, 'host', new Date('2026-03-01T00:00:00Z'))).toBe(0)
  })

  it('a refund splits between the transfer and the fee in proportion, and the two sum to the refund', () => {
    expect(refundSplit(14_100, 14_100, 2_100)).toEqual({ transferReversal: 12_000, feeRefund: 2_100 })
    expect(refundSplit(7_050, 14_100, 2_100)).toEqual({ transferReversal: 6_000, feeRefund: 1_050 })
    // 1 cent of 3: the fee's third (0.33) rounds to 0; the host's share gives it back.
    expect(refundSplit(1, 3, 1)).toEqual({ transferReversal: 1, feeRefund: 0 })
    expect(refundSplit(0, 14_100, 2_100)).toEqual({ transferReversal: 0, feeRefund: 0 })
    expect(refundSplit(100, 0, 0)).toEqual({ transferReversal: 0, feeRefund: 0 })
    // Never more fee back than the fee.
    expect(refundSplit(14_100, 14_100, 0)).toEqual({ transferReversal: 14_100, feeRefund: 0 })
  })
})

describe('the period a payment pays', () => {
  const ended = quote({ monthlyCents: 12_000, startDate: '2026-01-31', endDate: '2026-04-09', protection: false, platformFeePercent: 10 })
  const stay = { quote: ended as BookingQuoteValue, startDate: '2026-01-31', endDate: '2026-04-09' }
  it('a checkout pays the first period; a renewal the period its day falls in (month ends clamped), the last up to the end', () => {
    expect(periodOf(stay, null)).toMatchObject({ start: '2026-01-31', end: '2026-02-27' })
    expect(periodOf(stay, '2026-02-28')).toMatchObject({ start: '2026-02-28', end: '2026-03-30' })
    expect(periodOf(stay, '2026-03-31')).toMatchObject({ start: '2026-03-31', end: '2026-04-09' })
    expect(periodOf(stay, '2026-03-31').planned.days).toBe(10)
    // A day before the start (a payment made early) is the first period.
    expect(periodOf(stay, '2026-01-01')).toMatchObject({ start: '2026-01-31' })
  })

  it('an open-ended stay repeats its first payment each month; a short stay is one period', () => {
    const open = {
      quote: quote({ monthlyCents: 12_000, startDate: '2026-03-10', endDate: null, protection: false, platformFeePercent: 10 }),
      startDate: '2026-03-10',
      endDate: null,
    }
    expect(periodOf(open, '2026-06-10')).toMatchObject({ start: '2026-06-10', end: '2026-07-09', planned: { cents: 13_200, date: '2026-06-10' } })
    const short = {
      quote: quote({ monthlyCents: 12_000, startDate: '2026-03-10', endDate: '2026-03-14', protection: false, platformFeePercent: 10 }),
      startDate: '2026-03-10',
      endDate: '2026-03-14',
    }
    expect(periodOf(short, '2026-03-12')).toMatchObject({ start: '2026-03-10', end: '2026-03-14', planned: { cents: 2_200 } })
  })

  it('the breakdown sums to the amount paid, planned or not', () => {
    const planned = { date: '2026-03-10', days: null, baseCents: 12_000, serviceFeeCents: 1_200, protectionCents: 900, cents: 14_100 }
    expect(breakdownOf(14_100, planned)).toEqual({ rentCents: 12_000, serviceFeeCents: 1_200, protectionCents: 900 })
    const odd = breakdownOf(14_099, planned)
    expect(odd.rentCents + odd.serviceFeeCents + odd.protectionCents).toBe(14_099)
  })
})

let n = 0
const row = (kind: FigureRow['kind'], amountCents: number, at: string, currency: string, bookingId: string | null = 'b1') => ({
  id: `row-${String(++n).padStart(3, '0')}`,
  kind,
  amountCents,
  currency,
  occurredAt: new Date(at),
  bookingId,
})

describe('ledger-derived figures, per currency', () => {
  const now = new Date('2026-04-20T12:00:00Z')
  // CAD: two monthly payments of 14 100 (fee 2 100) in March and April, half of April's refunded, one payout on Apr 1.
  // JPY: one payment of ¥11 000 (fee ¥1 000) in April, nothing refunded or paid out.
  const rows = [
    row('payment', 14_100, '2026-03-10T00:00:00Z', 'CAD'),
    row('application_fee', 2_100, '2026-03-10T00:00:00Z', 'CAD'),
    row('transfer', 12_000, '2026-03-10T00:00:00Z', 'CAD'),
    row('payout', 12_000, '2026-04-01T00:00:00Z', 'CAD', null),
    row('payment', 14_100, '2026-04-10T00:00:00Z', 'CAD'),
    row('application_fee', 2_100, '2026-04-10T00:00:00Z', 'CAD'),
    row('transfer', 12_000, '2026-04-10T00:00:00Z', 'CAD'),
    row('refund', 7_050, '2026-04-12T00:00:00Z', 'CAD'),
    row('application_fee_refund', 1_050, '2026-04-12T00:00:00Z', 'CAD'),
    row('transfer_reversal', 6_000, '2026-04-12T00:00:00Z', 'CAD'),
    row('payment', 11_000, '2026-04-15T00:00:00Z', 'JPY', 'b2'),
    row('application_fee', 1_000, '2026-04-15T00:00:00Z', 'JPY', 'b2'),
    row('transfer', 10_000, '2026-04-15T00:00:00Z', 'JPY', 'b2'),
    row('dispute', 11_000, '2026-04-16T00:00:00Z', 'JPY', 'b2'),
  ]

  it('the host: this month, 12 months, total and the next payout, each currency on its own', () => {
    const [cad, jpy] = hostEarnings(rows, now)
    expect(cad).toMatchObject({ currency: 'CAD', thisMonthCents: 12_000 - 6_000, totalCents: 18_000, nextPayoutCents: 18_000 - 12_000 })
    expect(cad!.months.at(-2)).toEqual({ month: '2026-03', cents: 12_000 })
    expect(cad!.months.reduce((s, m) => s + m.cents, 0)).toBe(18_000)
    // A dispute is not earnings (the platform answers for it; a reversal would be its own row).
    expect(jpy).toMatchObject({ currency: 'JPY', thisMonthCents: 10_000, totalCents: 10_000, nextPayoutCents: 10_000 })
  })

  it('a payout larger than what is left (rows not all in yet) never makes a negative payout', () => {
    const [cad] = hostEarnings([row('transfer', 5_000, '2026-04-10T00:00:00Z', 'CAD'), row('payout', 7_000, '2026-04-11T00:00:00Z', 'CAD')], now)
    expect(cad!.nextPayoutCents).toBe(0)
  })

  it('the same rows in any order give the same figures (events arrive out of order)', () => {
    expect(hostEarnings([...rows].reverse(), now)).toEqual(hostEarnings(rows, now))
    expect(renterPayments([...rows].reverse())).toEqual(renterPayments(rows))
  })

  it('the renter: payments and refunds newest first, refunds negative; paid and refunded per booking', () => {
    const list = renterPayments(rows)
    expect(list.map((p) => [p.date, p.cents, p.row.currency])).toEqual([
      ['2026-04-15', 11_000, 'JPY'],
      ['2026-04-12', -7_050, 'CAD'],
      ['2026-04-10', 14_100, 'CAD'],
      ['2026-03-10', 14_100, 'CAD'],
    ])
    // In the same second (Stripe's times are whole seconds), a refund lists before its payment, whatever the ids.
    const same = [row('payment', 1_000, '2026-04-20T00:00:00Z', 'CAD'), row('refund', 100, '2026-04-20T00:00:00Z', 'CAD')]
    expect(renterPayments(same).map((p) => p.cents)).toEqual([-100, 1_000])
    expect(renterPayments([...same].reverse()).map((p) => p.cents)).toEqual([-100, 1_000])
    expect(paidByBooking(rows)).toEqual(
      new Map([
        ['b1', { paidCents: 28_200, refundedCents: 7_050 }],
        ['b2', { paidCents: 11_000, refundedCents: 0 }],
      ]),
    )
  })
})
