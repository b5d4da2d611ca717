// When Stripe charges a monthly stay paid before its start: each later payment on the date its schedule
// shows (the start date's day of each month), with the schedule's amount, and for an end-dated stay nothing
// after; read off the exact Subscription Schedule phases sent and the charges the stand-in's schedule makes.
// (Its own file: a fresh server, so the onboarding rate limit of the bookings API tests is not reached.)
import { describe, expect, it } from 'vitest'
import { addDays, addMonths, paidThroughAfter, startOf } from '../../src/modules/bookings/service/transitions'
import { act, bookingRow, day, deliver, hostWithListing, pay, renter, request, ctx, useBookingsServer } from './helpers'

useBookingsServer()

/** A day as Stripe's timestamps count it: the instant it begins (UTC), in seconds. */
const unix = (d: string) => startOf(d).getTime() / 1000
/** A start date 15–20 days ahead whose day of the month is at most 28 (every month has it). */
const startSoon = () => [15, 16, 17, 18, 19, 20].map(day).find((d) => Number(d.slice(8)) <= 28)!

describe('a monthly stay paid before its start date', () => {
  it('an end-dated stay paid before its start: Stripe charges each later payment on its schedule date, with its amount, and nothing after', async () => {
    const { host, listing, accountId } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const startDate = startSoon()
    // Three full months, then 10 days pro-rated.
    const endDate = addDays(addMonths(startDate, 3), 9)
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate, endDate })
    await act(ctx, host.token, body.id, 'accept')
    const quoted = body.quote.payments as { date: string; cents: number }[]
    expect(quoted.map((p) => p.date)).toEqual([0, 1, 2, 3].map((k) => addMonths(startDate, k)))
    const before = ctx.stripe.requests.length
    await pay(ctx, r.token, body.id)
    const row = await bookingRow(ctx, body.id)
    expect(row.paidThrough).toBe(paidThroughAfter(startDate, 1))
    const schedule = [...ctx.stripe.checkout.schedules.values()].find((s) => s.subscription === row.subscriptionId)!
    const sub = ctx.stripe.checkout.subscriptions.get(row.subscriptionId!)!
    const paidAt = sub.items.data[0].current_period_start as number
    const price = sub.items.data[0].price
    const metadata = { bookingId: body.id, storageId: listing.id }
    const common = { application_fee_percent: '9.09', proration_behavior: 'none', transfer_data: { destination: accountId }, metadata }
    const update = ctx.stripe.requests.slice(before).find((q) => q.path === `/v1/subscription_schedules/${schedule.id}`)!
    expect(update.params).toEqual({
      end_behavior: 'cancel',
      proration_behavior: 'none',
      metadata,
      phases: [
        { start_date: String(paidAt), end_date: String(unix(startDate)), items: [{ price: price.id, quantity: '1' }], ...common },
        { trial: 'true', end_date: String(unix(addMonths(startDate, 1))), items: [{ price: price.id, quantity: '1' }], ...common },
        {
          billing_cycle_anchor: 'phase_start',
          items: [{ price: price.id, quantity: '1' }],
          duration: { interval: 'month', interval_count: '2' },
          ...common,
        },
        {
          billing_cycle_anchor: 'phase_start',
          items: [{ price_data: { currency: 'cad', product: price.product, unit_amount: '4400', recurring: { interval: 'month' } }, quantity: '1' }],
          duration: { interval: 'month', interval_count: '1' },
          ...common,
        },
      ],
    })
    const planned = ctx.stripe.checkout.scheduledCharges(schedule.id, { until: unix(addMonths(startDate, 24)) })!
    // The checkout payment, then exactly the schedule's later payments on their dates (midnight UTC) and amounts.
    expect(planned.charges.map((c) => [c.at, c.cents])).toEqual([[paidAt, quoted[0]!.cents], ...quoted.slice(1).map((p) => [unix(p.date), p.cents])])
    expect(planned.thenReleased).toBe(false)

    // Each later payment's invoice.paid moves the paid period along the schedule: to the end date at the last.
    const paidThroughs: string[] = []
    for (const [k, p] of quoted.slice(1).entries()) {
      const event = {
        id: `evt_${k}_${body.id}`,
        object: 'event',
        type: 'invoice.paid',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: `in_${k}`,
            object: 'invoice',
            billing_reason: 'subscription_cycle',
            subscription: row.subscriptionId,
            amount_paid: p.cents,
            currency: 'cad',
          },
        },
      }
      expect((await deliver(ctx, event)).body.result).toBe('renewed')
      paidThroughs.push((await bookingRow(ctx, body.id)).paidThrough!)
    }
    expect(paidThroughs).toEqual([paidThroughAfter(startDate, 2), paidThroughAfter(startDate, 3), endDate])
  })

  it('a $0 invoice (the schedule moving into its trial) pays for no period', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const startDate = startSoon()
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate })
    await act(ctx, host.token, body.id, 'accept')
    await pay(ctx, r.token, body.id)
    const paid = await bookingRow(ctx, body.id)
    const event = {
      id: `evt_zero_${body.id}`,
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'in_zero', object: 'invoice', billing_reason: 'subscription_update', subscription: paid.subscriptionId, amount_paid: 0 } },
    }
    expect((await deliver(ctx, event)).body.result).toBe('nothing-paid')
    expect(await bookingRow(ctx, body.id)).toMatchObject({ paidCents: paid.paidCents, paidThrough: paidThroughAfter(startDate, 1) })
  })

  it('an open-ended monthly stay paid before its start: Stripe charges on the start date’s day each month, then keeps billing', async () => {
    const { host, listing, accountId } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const startDate = startSoon()
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate })
    await act(ctx, host.token, body.id, 'accept')
    const before = ctx.stripe.requests.length
    await pay(ctx, r.token, body.id)
    const row = await bookingRow(ctx, body.id)
    const sent = ctx.stripe.requests.slice(before).filter((q) => q.path.startsWith('/v1/subscription_schedules'))
    expect(sent).toHaveLength(2)
    expect(sent[0]!.params).toEqual({ from_subscription: row.subscriptionId, expand: ['phases.items.price'] })
    const schedule = [...ctx.stripe.checkout.schedules.values()].find((s) => s.subscription === row.subscriptionId)!
    const sub = ctx.stripe.checkout.subscriptions.get(row.subscriptionId!)!
    const paidAt = sub.items.data[0].current_period_start as number
    const price = sub.items.data[0].price
    const metadata = { bookingId: body.id, storageId: listing.id }
    const common = { application_fee_percent: '9.09', proration_behavior: 'none', transfer_data: { destination: accountId }, metadata }
    expect(sent[1]!.params).toEqual({
      end_behavior: 'release',
      proration_behavior: 'none',
      metadata,
      phases: [
        { start_date: String(paidAt), end_date: String(unix(startDate)), items: [{ price: price.id, quantity: '1' }], ...common },
        { trial: 'true', end_date: String(unix(addMonths(startDate, 1))), items: [{ price: price.id, quantity: '1' }], ...common },
        { billing_cycle_anchor: 'phase_start', items: [{ price: price.id, quantity: '1' }], duration: { interval: 'month', interval_count: '1' }, ...common },
      ],
    })
    // After the schedule lets go, the subscription keeps the anchor: each month on the start date's day.
    const planned = ctx.stripe.checkout.scheduledCharges(schedule.id, { until: unix(addMonths(startDate, 5)) })!
    expect(planned.thenReleased).toBe(true)
    expect(planned.charges.map((c) => [c.at, c.cents])).toEqual([[paidAt, 13_200], ...[1, 2, 3, 4].map((k) => [unix(addMonths(startDate, k)), 13_200])])
  })
})
