// Every start day of two years, as Stripe would bill it: the phases sent for a stay (schedulePhasesParams),
// set on a schedule of the payments stand-in (which renews from each anchor, clamped to the month's end, as
// Stripe does), charge exactly the dates and amounts of the quote every screen shows, and nothing after an
// end date. The 29th–31st are the edge: a second payment in a short month must not move the anchor's day.
import { describe, expect, it } from 'vitest'
import type Stripe from 'stripe'
import { addDays, addMonths, dayOf, quote } from '../../src/modules/bookings/service/transitions'
import { currentPhaseOf, dayStartUnix, schedulePhasesParams } from '../../src/modules/bookings/service/schedule-params'
import { createScheduleStore, newSubscription } from '../../src/modules/payments/stand-in/stand-in-schedules'

const HOUR = 3600
/** Sets up the phases for one stay paid at `paidAt` (seconds) and returns the charges the schedule makes. */
function charges(stay: { startDate: string; endDate: string | null }, paidAt: number) {
  const q = quote({ monthlyCents: 12_000, ...stay, protection: true, platformFeePercent: 10 })
  const subscriptions = new Map<string, Record<string, any>>()
  const session = {
    currency: 'cad',
    line_items: [{ price_data: { unit_amount: q.firstPaymentCents, recurring: { interval: 'month' } } }],
    subscription_data: { application_fee_percent: 14.89, transfer_data: { destination: 'acct_1' } },
    metadata: {},
  }
  const sub = newSubscription(session, paidAt)
  subscriptions.set(sub.id, sub)
  const store = createScheduleStore(subscriptions, () => paidAt)
  const created = store.handle('POST', '/v1/subscription_schedules', { from_subscription: sub.id, expand: ['phases.items.price'] })!
  expect(created.status).toBe(200)
  const schedule = created.body as Stripe.SubscriptionSchedule
  const params = schedulePhasesParams(q, stay, currentPhaseOf(schedule), {})
  const updated = store.handle('POST', `/v1/subscription_schedules/${schedule.id}`, params)!
  expect(updated.status, JSON.stringify(updated.body)).toBe(200)
  const until = dayStartUnix(addMonths(stay.startDate, 15))
  const planned = store.charges(schedule.id, { until })!
  return { q, planned, phases: params.phases!.length }
}

const days = (from: string, to: string) => {
  const list: string[] = []
  for (let d = from; d <= to; d = addDays(d, 1)) list.push(d)
  return list
}
/** The UTC day of a Stripe timestamp (seconds). */
const dayAt = (seconds: number) => dayOf(new Date(seconds * 1000))
const shown = (list: { at: number; cents: number }[]) => list.map((c) => `${dayAt(c.at)} ${c.cents}`)

describe('the charges Stripe makes follow the schedule on every start day', () => {
  const starts = days('2027-01-01', '2028-12-31')
  const paidBefore = (start: string, n: number) => dayStartUnix(addDays(start, -n)) + 15 * HOUR

  it('end-dated stays (3 months and 9 days; 2 months and 5 days; 4 whole months), paid 10 days ahead, the same day or 40 days ahead', () => {
    let checked = 0
    for (const startDate of starts)
      for (const endDate of [addDays(addMonths(startDate, 3), 9), addDays(addMonths(startDate, 2), 5), addDays(addMonths(startDate, 4), -1)])
        for (const paidAt of [paidBefore(startDate, 10), dayStartUnix(startDate) + 15 * HOUR, paidBefore(startDate, 40)]) {
          const { q, planned, phases } = charges({ startDate, endDate }, paidAt)
          const expected = [`${dayAt(paidAt)} ${q.payments[0]!.cents}`, ...q.payments.slice(1).map((p) => `${p.date} ${p.cents}`)]
          expect(shown(planned.charges), `${startDate} → ${endDate}, paid ${new Date(paidAt * 1000).toISOString()}`).toEqual(expected)
          expect(planned.thenReleased).toBe(false)
          expect(phases).toBeLessThanOrEqual(10) // Stripe's limit of phases on a schedule
          checked++
        }
    expect(checked).toBe(starts.length * 9)
  })

  it('open-ended stays bill on the start day of each month (clamped to the month end) for as long as they run', () => {
    for (const startDate of starts) {
      const paidAt = paidBefore(startDate, 10)
      const { q, planned } = charges({ startDate, endDate: null }, paidAt)
      const monthly = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14].map((k) => `${addMonths(startDate, k)} ${q.recurringCents}`)
      expect(shown(planned.charges), startDate).toEqual([`${dayAt(paidAt)} ${q.firstPaymentCents}`, ...monthly])
      expect(planned.thenReleased).toBe(true)
    }
  })

  it('Jan 31 → May 9, paid Jan 21: then Feb 28, Mar 31 and the pro-rated Apr 30 (not Mar 28 and Apr 28)', () => {
    const { planned } = charges({ startDate: '2027-01-31', endDate: '2027-05-09' }, paidBefore('2027-01-31', 10))
    expect(shown(planned.charges).map((c) => c.slice(0, 10))).toEqual(['2027-01-21', '2027-02-28', '2027-03-31', '2027-04-30'])
  })
})
