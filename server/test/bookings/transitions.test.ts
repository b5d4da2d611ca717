// The booking state machine and its arithmetic, as pure functions: every allowed and refused transition,
// the 48 h expiry, the 24 h refund edge, fees and pro-rating in integer cents.
import { describe, expect, it } from 'vitest'
import { BOOKING_STATES } from '../../src/db/schema/bookings'
import {
  addMonths,
  allowedActions,
  applicationFeeCents,
  applicationFeePercent,
  dueTransition,
  endDateFor,
  expiresAtFrom,
  isExpired,
  overlaps,
  paidThroughAfter,
  proRate,
  quote,
  refundCents,
  transition,
  TRANSITIONS,
  type Actor,
  type BookingAction,
} from '../../src/modules/bookings/service/transitions'

const ACTIONS: BookingAction[] = ['accept', 'decline', 'counter', 'cancel', 'end', 'pay', 'start', 'complete', 'expire']
const ACTORS: Actor[] = ['renter', 'host', 'system', 'stripe', 'admin']

const ALLOWED: Record<string, string> = {
  'requested accept host': 'accepted',
  'requested decline host': 'declined',
  'requested expire system': 'expired',
  'requested cancel renter': 'cancelled',
  'offered accept host': 'accepted',
  'offered decline host': 'declined',
  'offered counter host': 'countered',
  'offered expire system': 'expired',
  'offered cancel renter': 'cancelled',
  'countered accept renter': 'accepted',
  'countered decline renter': 'declined',
  'countered expire system': 'expired',
  'accepted pay stripe': 'confirmed',
  'accepted expire system': 'expired',
  'accepted cancel renter': 'cancelled',
  'accepted cancel host': 'cancelled',
  'confirmed start system': 'active',
  'confirmed cancel renter': 'cancelled',
  'confirmed cancel host': 'cancelled',
  'confirmed end renter': 'confirmed',
  'active end renter': 'active',
  'active end host': 'active',
  'active end stripe': 'active',
  'active complete system': 'completed',
  'accepted cancel admin': 'cancelled',
  'confirmed cancel admin': 'cancelled',
  'active cancel admin': 'cancelled',
}

describe('the booking state machine', () => {
  it('allows exactly the listed transitions and refuses every other (state, action, actor)', () => {
    let checked = 0
    for (const state of BOOKING_STATES)
      for (const action of ACTIONS)
        for (const by of ACTORS) {
          checked++
          expect(transition(state, action, by), `${state} ${action} ${by}`).toBe(ALLOWED[`${state} ${action} ${by}`] ?? null)
        }
    expect(checked).toBe(BOOKING_STATES.length * ACTIONS.length * ACTORS.length)
    expect(TRANSITIONS).toHaveLength(Object.keys(ALLOWED).length)
  })

  it('final states allow nothing', () => {
    for (const state of ['declined', 'expired', 'completed', 'cancelled'] as const) {
      expect(allowedActions(state, 'renter')).toEqual([])
      expect(allowedActions(state, 'host')).toEqual([])
    }
  })

  it('lists what each side may do now', () => {
    expect(allowedActions('requested', 'host')).toEqual(['accept', 'decline'])
    expect(allowedActions('requested', 'renter')).toEqual(['cancel'])
    expect(allowedActions('offered', 'host')).toEqual(['accept', 'decline', 'counter'])
    expect(allowedActions('countered', 'host')).toEqual([])
    expect(allowedActions('countered', 'renter')).toEqual(['accept', 'decline'])
    expect(allowedActions('confirmed', 'renter')).toEqual(['cancel'])
    expect(allowedActions('active', 'host')).toEqual(['end'])
    expect(allowedActions('active', 'host', { endDate: '2027-01-01' })).toEqual([])
  })
})

describe('time', () => {
  const now = new Date('2026-11-23T10:00:00.000Z')

  it('an unanswered request expires exactly 48 h later', () => {
    const expiresAt = expiresAtFrom(now)
    expect(expiresAt.toISOString()).toBe('2026-11-25T10:00:00.000Z')
    expect(isExpired(expiresAt, new Date(expiresAt.getTime() - 1))).toBe(false)
    expect(isExpired(expiresAt, expiresAt)).toBe(true)
    const b = { state: 'requested' as const, expiresAt, startDate: '2026-12-01', endDate: null }
    expect(dueTransition(b, new Date(expiresAt.getTime() - 1))).toBeNull()
    expect(dueTransition(b, expiresAt)).toBe('expire')
    expect(dueTransition({ ...b, state: 'declined' }, expiresAt)).toBeNull()
  })

  it('a paid booking starts on its start date and an ended one completes after its last day', () => {
    const b = { state: 'confirmed' as const, expiresAt: now, startDate: '2026-12-01', endDate: '2026-12-10' }
    expect(dueTransition(b, new Date('2026-11-30T23:59:59Z'))).toBeNull()
    expect(dueTransition(b, new Date('2026-12-01T00:00:00Z'))).toBe('start')
    expect(dueTransition({ ...b, state: 'active' }, new Date('2026-12-10T23:59:59Z'))).toBeNull()
    expect(dueTransition({ ...b, state: 'active' }, new Date('2026-12-11T00:00:00Z'))).toBe('complete')
    expect(dueTransition({ ...b, state: 'active', endDate: null }, new Date('2030-01-01T00:00:00Z'))).toBeNull()
  })

  it('months add by calendar day, clamped to the month end', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28')
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15')
    expect(paidThroughAfter('2026-12-01', 1)).toBe('2026-12-31')
  })

  it('stays overlap unless one ends before the other starts', () => {
    expect(overlaps({ startDate: '2026-12-01', endDate: '2026-12-10' }, { startDate: '2026-12-10', endDate: null })).toBe(true)
    expect(overlaps({ startDate: '2026-12-01', endDate: '2026-12-09' }, { startDate: '2026-12-10', endDate: null })).toBe(false)
    expect(overlaps({ startDate: '2027-01-01', endDate: null }, { startDate: '2026-12-01', endDate: null })).toBe(true)
  })

  it('a host ends a running rental with 30 days notice; a renter at the close of the paid period', () => {
    expect(endDateFor({ startDate: '2026-11-01', paidThrough: '2026-11-30' }, 'host', now)).toBe('2026-12-23')
    expect(endDateFor({ startDate: '2026-11-01', paidThrough: '2026-11-30' }, 'renter', now)).toBe('2026-11-30')
  })
})

describe('money in cents', () => {
  it('a monthly stay: rent, 10 % service fee, protection 9.00, the same every month', () => {
    const q = quote({ monthlyCents: 12_000, startDate: '2026-12-01', endDate: null, protection: true, platformFeePercent: 10 })
    expect(q).toEqual({
      kind: 'monthly',
      days: null,
      monthlyCents: 12_000,
      baseCents: 12_000,
      serviceFeeCents: 1_200,
      protectionCents: 900,
      firstPaymentCents: 14_100,
      recurringCents: 14_100,
      platformFeePercent: 10,
      payments: [{ date: '2026-12-01', days: null, baseCents: 12_000, serviceFeeCents: 1_200, protectionCents: 900, cents: 14_100 }],
      totalCents: null,
    })
    expect(applicationFeeCents(q)).toBe(2_100)
    expect(applicationFeePercent(q)).toBe(14.89)
  })

  it('a stay shorter than 30 days is one pro-rated payment (days counted inclusively, rounded to the cent)', () => {
    const q = quote({ monthlyCents: 12_345, startDate: '2026-12-01', endDate: '2026-12-07', protection: true, platformFeePercent: 10 })
    expect(q.days).toBe(7)
    expect(q.kind).toBe('short')
    expect(q.baseCents).toBe(2_881) // 12345 × 7 / 30 = 2880.5
    expect(q.protectionCents).toBe(210)
    expect(q.serviceFeeCents).toBe(288)
    expect(q.firstPaymentCents).toBe(3_379)
    expect(q.recurringCents).toBe(0)
    expect(proRate(9_000, 1)).toBe(300)
  })

  it('a one-day stay counts one day; 30 days and more bill monthly', () => {
    expect(quote({ monthlyCents: 3_000, startDate: '2026-12-01', endDate: '2026-12-01', protection: false, platformFeePercent: 10 }).baseCents).toBe(100)
    expect(quote({ monthlyCents: 3_000, startDate: '2026-12-01', endDate: '2026-12-30', protection: false, platformFeePercent: 10 }).kind).toBe('monthly')
  })

  it('the fee percent is configurable', () => {
    expect(quote({ monthlyCents: 10_000, startDate: '2026-12-01', endDate: null, protection: false, platformFeePercent: 15 }).serviceFeeCents).toBe(1_500)
  })

  it('full refund more than 24 h before the start, none at or after 24 h; a host cancelling always refunds', () => {
    const b = { state: 'confirmed' as const, startDate: '2026-12-01', paidCents: 14_100, refundedCents: 0 }
    expect(refundCents(b, 'renter', new Date('2026-11-29T23:59:59.999Z'))).toBe(14_100)
    expect(refundCents(b, 'renter', new Date('2026-11-30T00:00:00.000Z'))).toBe(0)
    expect(refundCents(b, 'host', new Date('2026-11-30T12:00:00.000Z'))).toBe(14_100)
    expect(refundCents({ ...b, refundedCents: 100 }, 'renter', new Date('2026-11-20T00:00:00Z'))).toBe(14_000)
    expect(refundCents({ ...b, state: 'accepted' }, 'renter', new Date('2026-11-20T00:00:00Z'))).toBe(0)
  })
})

describe('the checkout session lifetime', () => {
  it('closes with the pay window when that ends between 31 min and 23.5 h from now, else stays Stripe-default', async () => {
    const { sessionExpiry } = await import('../../src/modules/bookings/service/checkout-params')
    const now = new Date('2026-11-23T10:00:00Z')
    const at = (h: number) => new Date(now.getTime() + h * 3600_000)
    expect(sessionExpiry(at(47), now)).toBeUndefined()
    expect(sessionExpiry(at(10), now)).toBe(Math.floor(at(10).getTime() / 1000))
    expect(sessionExpiry(at(0.5), now)).toBeUndefined()
  })
})

describe('holding the space', () => {
  it('accepted until its pay window closes; paid or running until the day after its last day', async () => {
    const { holdsSpace } = await import('../../src/modules/bookings/service/transitions')
    const now = new Date('2026-11-23T10:00:00Z')
    const later = new Date(now.getTime() + 1000)
    const earlier = new Date(now.getTime() - 1000)
    expect(holdsSpace({ state: 'accepted', expiresAt: later, endDate: null }, now)).toBe(true)
    expect(holdsSpace({ state: 'accepted', expiresAt: earlier, endDate: null }, now)).toBe(false)
    expect(holdsSpace({ state: 'confirmed', expiresAt: earlier, endDate: '2026-11-23' }, now)).toBe(true)
    expect(holdsSpace({ state: 'active', expiresAt: earlier, endDate: '2026-11-22' }, now)).toBe(false)
    expect(holdsSpace({ state: 'requested', expiresAt: later, endDate: null }, now)).toBe(false)
  })
})
