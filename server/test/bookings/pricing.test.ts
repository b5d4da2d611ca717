// The price of a stay, at every edge of its rules: when a stay is one payment or monthly, the payment days
// (month-end clamping, leap years), the pro-rated last period, the total, the paid period each payment
// buys, the schedule Stripe is told to charge, and older stored quotes that had no schedule.
import { describe, expect, it } from 'vitest'
import type { BookingQuoteValue } from '../../src/db/schema/bookings'
import { nextPaymentOf } from '../../src/modules/bookings/service/earnings'
import { breakdownOf, periodOf } from '../../src/modules/money/service/periods'
import { schedulePhasesParams } from '../../src/modules/bookings/service/schedule-params'
import { paidThroughAfterNextPayment, quote, stayDays, withSchedule } from '../../src/modules/bookings/service/transitions'

const price = (startDate: string, endDate: string | null, over: { protection?: boolean; monthlyCents?: number } = {}) =>
  quote({ monthlyCents: over.monthlyCents ?? 12_000, startDate, endDate, protection: over.protection ?? false, platformFeePercent: 10 })
/** Each payment as "date cents (days)", to read a schedule at a glance. */
const plan = (q: ReturnType<typeof price>) => q.payments.map((p) => `${p.date} ${p.cents}${p.days === null ? '' : ` (${p.days} d)`}`)

describe('the schedule of a stay', () => {
  it('both the first and the last day count: Nov 27–28 is 2 days', () => {
    expect(stayDays('2026-11-27', '2026-11-28')).toBe(2)
    expect(stayDays('2026-11-28', '2027-01-12')).toBe(46)
  })

  it('Nov 28 → Jan 12 (46 days): a full month, then 16 days pro-rated, a total, and nothing after', () => {
    const q = price('2026-11-28', '2027-01-12')
    expect(q.kind).toBe('monthly')
    expect(plan(q)).toEqual(['2026-11-28 13200', '2026-12-28 7040 (16 d)'])
    expect(q.payments[1]).toEqual({ date: '2026-12-28', days: 16, baseCents: 6_400, serviceFeeCents: 640, protectionCents: 0, cents: 7_040 })
    expect(q.firstPaymentCents).toBe(13_200)
    expect(q.totalCents).toBe(20_240)
  })

  it('29 days is one pro-rated payment; exactly 30 days (a whole November) is one full month', () => {
    const short = price('2026-11-01', '2026-11-29')
    expect(short.kind).toBe('short')
    expect(plan(short)).toEqual(['2026-11-01 12760 (29 d)'])
    expect(short.totalCents).toBe(12_760)
    const month = price('2026-11-01', '2026-11-30')
    expect(month.kind).toBe('monthly')
    expect(plan(month)).toEqual(['2026-11-01 13200'])
    expect(month.totalCents).toBe(13_200)
  })

  it('30 days inside a 31-day month cost the month (30/30), never more', () => {
    expect(plan(price('2027-01-01', '2027-01-30'))).toEqual(['2027-01-01 13200'])
  })

  it('31 days: a whole January is one payment; Nov 1 → Dec 1 is a month and 1 day into the last period', () => {
    expect(plan(price('2027-01-01', '2027-01-31'))).toEqual(['2027-01-01 13200'])
    const q = price('2026-11-01', '2026-12-01')
    expect(plan(q)).toEqual(['2026-11-01 13200', '2026-12-01 440 (1 d)'])
    expect(q.totalCents).toBe(13_640)
  })

  it('a last period that is a whole month is a full payment', () => {
    expect(plan(price('2026-12-10', '2027-02-09'))).toEqual(['2026-12-10 13200', '2027-01-10 13200'])
  })

  it('payment days clamp to the month end and keep counting from the start: Jan 31 → Feb 28 → Mar 31', () => {
    expect(plan(price('2027-01-31', '2027-04-15'))).toEqual(['2027-01-31 13200', '2027-02-28 13200', '2027-03-31 7040 (16 d)'])
    // Feb 28 → Mar 30 is a whole period (the next starts Mar 31).
    expect(plan(price('2027-01-31', '2027-03-30'))).toEqual(['2027-01-31 13200', '2027-02-28 13200'])
  })

  it('leap years: from Jan 31, 2028 the next payment is Feb 29; a leap February counts 29 days', () => {
    expect(plan(price('2028-01-31', '2028-03-01'))).toEqual(['2028-01-31 13200', '2028-02-29 880 (2 d)'])
    expect(plan(price('2028-02-01', '2028-03-15'))).toEqual(['2028-02-01 13200', '2028-03-01 6600 (15 d)'])
    expect(price('2028-02-01', '2028-02-29')).toMatchObject({ kind: 'short', days: 29 })
  })

  it('the protection plan and the service fee are pro-rated with the last payment', () => {
    const q = price('2026-11-28', '2027-01-12', { protection: true })
    expect(q.payments.map((p) => [p.baseCents, p.serviceFeeCents, p.protectionCents, p.cents])).toEqual([
      [12_000, 1_200, 900, 14_100],
      [6_400, 640, 480, 7_520],
    ])
    expect(q.totalCents).toBe(21_620)
  })

  it('a stay of 13 months and 14 days is 14 payments; the total is their sum', () => {
    const q = price('2026-11-28', '2028-01-10')
    expect(q.payments).toHaveLength(14)
    expect(q.payments.at(-1)).toMatchObject({ date: '2027-12-28', days: 14 })
    expect(q.totalCents).toBe(q.payments.reduce((n, p) => n + p.cents, 0))
  })

  it('an open-ended stay: its first payment, then the same each month until cancelled (no total)', () => {
    const q = price('2026-11-28', null, { protection: true })
    expect(plan(q)).toEqual(['2026-11-28 14100'])
    expect(q).toMatchObject({ recurringCents: 14_100, totalCents: null })
  })
})

describe('the paid period', () => {
  it('each payment pays to the day before the next payment day; the last pays to the end date', () => {
    const stay = { startDate: '2026-11-28', endDate: '2027-01-12' }
    expect(paidThroughAfterNextPayment(stay, null)).toBe('2026-12-27')
    expect(paidThroughAfterNextPayment(stay, '2026-12-27')).toBe('2027-01-12')
    expect(paidThroughAfterNextPayment({ startDate: '2026-11-01', endDate: '2026-11-30' }, null)).toBe('2026-11-30')
  })

  it('from Jan 31 the periods end Feb 27 and Mar 30 (counted from the start, no drift)', () => {
    const stay = { startDate: '2027-01-31', endDate: null }
    expect(paidThroughAfterNextPayment(stay, null)).toBe('2027-02-27')
    expect(paidThroughAfterNextPayment(stay, '2027-02-27')).toBe('2027-03-30')
  })
})

describe('what Stripe is told to charge', () => {
  const at = (iso: string) => Date.parse(iso) / 1000
  const paidOn = (iso: string) => ({ startDate: at(iso), priceId: 'price_1', productId: 'prod_1', currency: 'cad', destination: 'acct_1' })
  const common = { proration_behavior: 'none', transfer_data: { destination: 'acct_1' }, metadata: { bookingId: 'b1' } }
  const items = [{ price: 'price_1', quantity: 1 }]

  it('paid Nov 10 for Nov 28 → Jan 12: the paid phase to the start, a trial to Dec 28, then the pro-rated last charged on Dec 28, then cancel', () => {
    const stay = { startDate: '2026-11-28', endDate: '2027-01-12' }
    const params = schedulePhasesParams(price(stay.startDate, stay.endDate, { protection: true }), stay, paidOn('2026-11-10T15:00:00Z'), { bookingId: 'b1' })
    expect(params).toMatchObject({ end_behavior: 'cancel', proration_behavior: 'none' })
    expect(params.phases).toEqual([
      { ...common, start_date: at('2026-11-10T15:00:00Z'), end_date: at('2026-11-28T00:00:00Z'), items, application_fee_percent: 14.89 },
      { ...common, trial: true, end_date: at('2026-12-28T00:00:00Z'), items, application_fee_percent: 14.89 },
      {
        ...common,
        billing_cycle_anchor: 'phase_start',
        items: [{ price_data: { currency: 'cad', product: 'prod_1', unit_amount: 7_520, recurring: { interval: 'month' } }, quantity: 1 }],
        duration: { interval: 'month', interval_count: 1 },
        application_fee_percent: 14.89, // (640 + 480) / 7520
      },
    ])
  })

  it('a stay of whole months: after the trial, one phase of the remaining months anchored at its start', () => {
    const stay = { startDate: '2026-12-10', endDate: '2027-03-09' }
    const params = schedulePhasesParams(price(stay.startDate, stay.endDate), stay, paidOn('2026-12-01T09:00:00Z'), {})
    expect(params.phases!.map((p) => [p.trial ?? false, p.end_date, p.billing_cycle_anchor, p.duration])).toEqual([
      [false, at('2026-12-10T00:00:00Z'), undefined, undefined],
      [true, at('2027-01-10T00:00:00Z'), undefined, undefined],
      [false, undefined, 'phase_start', { interval: 'month', interval_count: 2 }],
    ])
  })

  it('paid on or after the start date (a same-day booking): no trial, the paid phase runs to start + 1 month', () => {
    const stay = { startDate: '2026-11-28', endDate: '2027-01-12' }
    const params = schedulePhasesParams(price(stay.startDate, stay.endDate), stay, paidOn('2026-11-28T15:00:00Z'), {})
    expect(params.phases!.map((p) => [p.start_date, p.trial, p.end_date, p.billing_cycle_anchor])).toEqual([
      [at('2026-11-28T15:00:00Z'), undefined, at('2026-12-28T00:00:00Z'), undefined],
      [undefined, undefined, undefined, 'phase_start'],
    ])
  })

  it('paid more than a month ahead: the paid phase ends a month after the payment (it never renews), the trial covers the rest', () => {
    const stay = { startDate: '2027-03-15', endDate: null }
    const params = schedulePhasesParams(price(stay.startDate, null), stay, paidOn('2027-01-20T12:00:00Z'), {})
    expect(params.end_behavior).toBe('release')
    expect(params.phases!.map((p) => [p.trial ?? false, p.end_date, p.billing_cycle_anchor, p.duration])).toEqual([
      [false, at('2027-02-20T12:00:00Z'), undefined, undefined],
      [true, at('2027-04-15T00:00:00Z'), undefined, undefined],
      [false, undefined, 'phase_start', { interval: 'month', interval_count: 1 }],
    ])
  })

  it('an open-ended stay: one monthly phase anchored at start + 1 month, then released (it keeps billing on that day)', () => {
    const stay = { startDate: '2026-11-28', endDate: null }
    const params = schedulePhasesParams(price(stay.startDate, null), stay, paidOn('2026-11-20T15:00:00Z'), { bookingId: 'b1' })
    expect(params).toMatchObject({ end_behavior: 'release', proration_behavior: 'none' })
    expect(params.phases).toEqual([
      { ...common, start_date: at('2026-11-20T15:00:00Z'), end_date: at('2026-11-28T00:00:00Z'), items, application_fee_percent: 9.09 },
      { ...common, trial: true, end_date: at('2026-12-28T00:00:00Z'), items, application_fee_percent: 9.09 },
      { ...common, billing_cycle_anchor: 'phase_start', duration: { interval: 'month', interval_count: 1 }, items, application_fee_percent: 9.09 },
    ])
  })
})

describe('quotes stored before schedules were kept', () => {
  const old: BookingQuoteValue = {
    kind: 'monthly',
    days: 46,
    monthlyCents: 12_000,
    baseCents: 12_000,
    serviceFeeCents: 1_200,
    protectionCents: 0,
    firstPaymentCents: 13_200,
    recurringCents: 13_200,
    platformFeePercent: 10,
  }
  const stay = { startDate: '2026-11-28', endDate: '2027-01-12' }

  it('get their schedule and total worked out again, with the stored figures kept', () => {
    const q = withSchedule(old, stay)
    expect(q.payments.map((p) => p.cents)).toEqual([13_200, 7_040])
    expect(q.totalCents).toBe(20_240)
    expect(q.firstPaymentCents).toBe(13_200)
  })

  it('earnings and the next payment follow the schedule: the last one is the pro-rated amount', () => {
    const b = {
      state: 'active' as const,
      quote: old,
      ...stay,
      paidThrough: '2026-12-27',
      paidCents: 13_200,
      refundedCents: 0,
      confirmedAt: new Date('2026-11-20T10:00:00Z'),
      cancelledAt: null,
      expiresAt: new Date('2026-11-21T10:00:00Z'),
      createdAt: new Date('2026-11-19T10:00:00Z'),
    }
    expect(nextPaymentOf(b, new Date('2026-12-20T12:00:00Z'))).toEqual({ date: '2026-12-28', cents: 7_040, hostCents: 6_400 })
    // The ledger's rows for the two payments: the first pays Nov 28 – Dec 27, the second the pro-rated rest.
    const first = periodOf(b, null)
    const second = periodOf(b, '2026-12-28')
    expect([first.start, first.end, first.planned.cents]).toEqual(['2026-11-28', '2026-12-27', 13_200])
    expect([second.start, second.end, second.planned.cents]).toEqual(['2026-12-28', '2027-01-12', 7_040])
    expect(breakdownOf(7_040, second.planned)).toEqual({ rentCents: 6_400, serviceFeeCents: 640, protectionCents: 0 })
    expect(nextPaymentOf({ ...b, paidCents: 20_240, paidThrough: '2027-01-12' }, new Date('2026-12-30T12:00:00Z'))).toBeNull()
  })
})
