// GET /api/dashboard/host and /api/dashboard/storee: only the signed-in user's figures; earnings in cents
// are the bookings' payments less the platform fee, in the month each was paid.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings } from '../../src/db/schema/bookings'
import { addDays, addMonths, paidThroughAfter, quote, startOf } from '../../src/domain/bookings/transitions'
import { createListing } from '../storage-fixtures'
import { act, bookingRow, day, deliver, hostWithListing, pay, renter, request, ctx, useBookingsServer, type Ctx } from './helpers'

useBookingsServer()

const month = (offset: number) => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 15, 12))
}

/** A paid monthly booking of a 120 $ listing: the renter pays 132 $, the host earns 120 $. */
async function paidBooking(c: Ctx, host: { token: string }, listingId: string, startIn = 10) {
  const r = await renter(c)
  const { body } = await request(c, r.token, { storageId: listingId, startDate: day(startIn) })
  expect((await act(c, host.token, body.id, 'accept')).status).toBe(200)
  await pay(c, r.token, body.id)
  return { renter: r, id: body.id as string }
}

describe('GET /api/dashboard/host', () => {
  it('needs a signed-in user', async () => {
    expect((await ctx.server.http('GET', '/api/dashboard/host')).status).toBe(401)
    expect((await ctx.server.http('GET', '/api/dashboard/storee')).status).toBe(401)
  })

  it('shows only the owner’s earnings, rentals and listings; the sums in cents match the bookings', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const other = await hostWithListing(ctx)
    const a = await paidBooking(ctx, host, listing.id)
    const second = await createListing(ctx.server, host.token, { priceCents: 12_000 })
    const b = await paidBooking(ctx, host, second.id, 60)
    await paidBooking(ctx, other.host, other.listing.id)
    // One waiting request, which is not a rental.
    const waiting = await request(ctx, (await renter(ctx)).token, { storageId: listing.id, startDate: day(100) })
    expect(waiting.status).toBe(201)

    // Booking a was paid two months ago and renewed last month; b this month, then refunded in full.
    const rowA = await bookingRow(ctx, a.id)
    const db = ctx.server.database.db
    await db
      .update(bookings)
      .set({ confirmedAt: month(-2), paidCents: rowA.paidCents + 13_200 })
      .where(eq(bookings.id, a.id))
    const rowB = await bookingRow(ctx, b.id)
    await db.update(bookings).set({ refundedCents: rowB.paidCents, cancelledAt: new Date(), state: 'cancelled' }).where(eq(bookings.id, b.id))

    const res = await ctx.server.http('GET', '/api/dashboard/host', { token: host.token })
    expect(res.status).toBe(200)
    const d = res.body
    expect(d.currency).toBe('CAD')
    expect(d.earnings.months).toHaveLength(12)
    const byMonth = Object.fromEntries(d.earnings.months.map((m: any) => [m.month, m.cents]))
    const key = (offset: number) => month(offset).toISOString().slice(0, 7)
    // Each payment of 13 200 is 12 000 of rent and 1 200 of service fee: the host earns the rent.
    expect(byMonth[key(-2)]).toBe(12_000)
    // The renewal falls on the month after the start day (10 days from now), whichever month that is.
    const renewalMonth = new Date(`${day(10)}T00:00:00Z`)
    renewalMonth.setUTCMonth(renewalMonth.getUTCMonth() + 1)
    const sumAll = d.earnings.months.reduce((n: number, m: any) => n + m.cents, 0)
    // b: paid and refunded this month, earns nothing.
    const expectedTotal = rowA.paidCents + 13_200 - 2 * 1_200 + (rowB.paidCents - 1_200) - (rowB.paidCents - 1_200)
    expect(d.earnings.totalCents).toBe(expectedTotal)
    expect(d.earnings.totalCents).toBe(24_000)
    // Within the 12 months unless the renewal is next month (it is in the future then): the sum matches.
    const renewalInWindow = d.earnings.months.some((m: any) => m.month === renewalMonth.toISOString().slice(0, 7))
    expect(sumAll).toBe(renewalInWindow ? 24_000 : 12_000)
    expect(d.earnings.thisMonthCents).toBe(byMonth[key(0)])
    expect(d.nextPayoutDate).toBe(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString().slice(0, 10))

    // Rentals: a only (b is cancelled, the request is waiting, the other host's booking is not here).
    expect(d.rentals.map((r: any) => r.bookingId)).toEqual([a.id])
    expect(d.rentals[0]).toMatchObject({ phase: 'upcoming', renter: { firstName: 'Rita' }, startDate: day(10) })
    expect(d.rentals[0].nextPayment).toEqual({ date: addDays(rowA.paidThrough!, 1), cents: 12_000 })
    expect(d.listings).toHaveLength(2)
    expect(d.listings).toContainEqual(expect.objectContaining({ id: listing.id, status: 'active', requests: 2, openRequests: 1 }))
    expect(d.listings).toContainEqual(expect.objectContaining({ id: second.id, requests: 1, openRequests: 0 }))
    // Views: opened by others (signed in or not) count; the host opening their own listing does not.
    const viewsOf = async (id: string) =>
      ((await ctx.server.http('GET', '/api/dashboard/host', { token: host.token })).body.listings as any[]).find((l) => l.id === id).views as number
    const before = await viewsOf(second.id)
    await ctx.server.http('GET', `/api/storages/${second.id}`)
    await ctx.server.http('GET', `/api/storages/${second.id}`, { token: other.host.token })
    await ctx.server.http('GET', `/api/storages/${second.id}`, { token: host.token })
    expect(await viewsOf(second.id)).toBe(before + 2)

    // The other host sees only their own booking's figures.
    const theirs = (await ctx.server.http('GET', '/api/dashboard/host', { token: other.host.token })).body
    expect(theirs.earnings.totalCents).toBe(12_000)
    expect(theirs.listings.map((l: any) => l.id)).toEqual([other.listing.id])
    expect(theirs.rentals).toHaveLength(1)
  })

  it('a stay ending inside its last month: the rental’s next payment, “This month” and the chart are one figure, pro-rated', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const { renter: r, id } = await paidBooking(ctx, host, listing.id, 3)
    // Move the stay a month back: it started last month, its second period starts today (or earlier this
    // month) and the stay ends 10 days after that, so the second period is used for 10 days only.
    const today = day(0)
    const start = addMonths(today, -1)
    const renewalDay = addMonths(start, 1)
    const endDate = addDays(renewalDay, 9)
    const db = ctx.server.database.db
    // The stay's price as it would have been quoted for those dates: its schedule ends with a pro-rated payment.
    const stored = (await bookingRow(ctx, id)).quote
    const requote = quote({
      monthlyCents: stored.monthlyCents,
      startDate: start,
      endDate,
      protection: stored.protectionCents > 0,
      platformFeePercent: stored.platformFeePercent,
    })
    await db
      .update(bookings)
      .set({
        startDate: start,
        endDate,
        quote: requote,
        paidThrough: paidThroughAfter(start, 1),
        confirmedAt: new Date(startOf(start).getTime() - 2 * 86_400_000),
      })
      .where(eq(bookings.id, id))
    const thisMonth = today.slice(0, 7)
    expect(renewalDay.slice(0, 7)).toBe(thisMonth)

    const before = (await ctx.server.http('GET', '/api/dashboard/host', { token: host.token })).body
    const forecast = before.rentals.find((x: any) => x.bookingId === id).nextPayment
    expect(forecast.date).toBe(renewalDay)
    const charge = (await ctx.server.http('GET', '/api/dashboard/storee', { token: r.token })).body.bookings.find((x: any) => x.bookingId === id).nextPayment
    expect(charge.date).toBe(renewalDay)
    // Stripe charges the schedule's last payment (its own phase): 10 days of a month, counted as 30 days.
    const stripeCharge = requote.payments.at(-1)!.cents
    expect(stripeCharge).toBe(Math.round((13_200 * 10) / 30))
    const subscription = (await bookingRow(ctx, id)).subscriptionId
    const renewal = await deliver(ctx, {
      id: `evt_partial_${id}`,
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: `in_partial_${id}`,
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          subscription,
          payment_intent: 'pi_partial',
          amount_paid: stripeCharge,
        },
      },
    })
    expect(renewal.body.result).toBe('renewed')

    const after = (await ctx.server.http('GET', '/api/dashboard/host', { token: host.token })).body
    const byMonth = Object.fromEntries(after.earnings.months.map((m: any) => [m.month, m.cents]))
    expect(after.earnings.thisMonthCents).toBe(forecast.cents)
    expect(byMonth[thisMonth]).toBe(forecast.cents)
    // 10 days of a 28 to 31 day period: less than a full month (120 $ to the host, 132 $ from the renter).
    expect(forecast.cents).toBeGreaterThan(3_000)
    expect(forecast.cents).toBeLessThan(12_000)
    // The renter was told that amount, and the host what they keep of it.
    expect(charge.cents).toBe(stripeCharge)
    expect(forecast.cents).toBe(stripeCharge - Math.round((stripeCharge * 1_200) / 13_200))
    // The first month stays in the month it was paid, whole.
    expect(byMonth[new Date(startOf(start).getTime() - 2 * 86_400_000).toISOString().slice(0, 7)]).toBe(12_000)
    expect(after.earnings.totalCents).toBe(12_000 + forecast.cents)
    // Paid through the end: nothing more is due.
    expect(after.rentals.find((x: any) => x.bookingId === id).nextPayment).toBeNull()
  })

  it('a new host sees zeros and no rows', async () => {
    const r = await renter(ctx)
    const d = (await ctx.server.http('GET', '/api/dashboard/host', { token: r.token })).body
    expect(d).toMatchObject({ rentals: [], listings: [], earnings: { thisMonthCents: 0, totalCents: 0 } })
    expect(d.earnings.months.every((m: any) => m.cents === 0)).toBe(true)
  })
})

describe('GET /api/dashboard/storee', () => {
  it('shows the renter’s bookings with the address once paid, payments made and the next payment; nobody else’s', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body: req } = await request(ctx, r.token, { storageId: listing.id, startDate: day(20) })
    // Accepted, not paid: no address yet.
    await act(ctx, host.token, req.id, 'accept')
    let d = (await ctx.server.http('GET', '/api/dashboard/storee', { token: r.token })).body
    expect(d.bookings).toEqual([expect.objectContaining({ bookingId: req.id, phase: 'awaiting-payment', address: null, access: null })])
    expect(d.bookings[0].nextPayment.cents).toBe(13_200)
    await pay(ctx, r.token, req.id)
    d = (await ctx.server.http('GET', '/api/dashboard/storee', { token: r.token })).body
    const row = await bookingRow(ctx, req.id)
    expect(d.bookings[0]).toMatchObject({ phase: 'upcoming', paidCents: 13_200, host: { firstName: 'Hana' } })
    expect(d.bookings[0].address.street).not.toBe('')
    expect(d.bookings[0].access).toEqual(expect.objectContaining({ method: expect.any(String) }))
    expect(d.bookings[0].nextPayment).toEqual({ date: addDays(row.paidThrough!, 1), cents: 13_200 })
    expect(d.payments).toEqual([expect.objectContaining({ bookingId: req.id, cents: 13_200, currency: 'CAD' })])
    // The host is not this booking's renter.
    const hostView = (await ctx.server.http('GET', '/api/dashboard/storee', { token: host.token })).body
    expect(hostView).toEqual({ bookings: [], payments: [] })
  })
})
