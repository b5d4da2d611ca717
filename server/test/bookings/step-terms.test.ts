// What cancelling or ending would do now, as each side's booking reads it (`terms`): the refund and its
// amount, or the day the stay ends — the same rules the steps then apply.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings } from '../../src/db/schema/bookings'
import { addDays, dayOf, paidThroughAfter } from '../../src/modules/bookings/service/transitions'
import { act, day, hostWithListing, pay, renter, request, ctx, useBookingsServer } from './helpers'

useBookingsServer()

async function paidBooking(startDate: string) {
  const { host, listing } = await hostWithListing(ctx)
  const r = await renter(ctx)
  const id = (await request(ctx, r.token, { storageId: listing.id, startDate })).body.id as string
  await act(ctx, host.token, id, 'accept')
  await pay(ctx, r.token, id)
  const read = async (token: string) => (await ctx.server.http('GET', `/api/bookings/${id}`, { token })).body
  return { host, r, id, read }
}

describe('booking terms', () => {
  it('more than 24 h ahead: cancelling refunds everything paid, for either side; the cancel then refunds that amount', async () => {
    const { host, r, id, read } = await paidBooking(day(10))
    const mine = await read(r.token)
    expect(mine.terms).toEqual({ cancel: { refundCents: mine.paidCents, endsOn: null }, end: null })
    expect((await read(host.token)).terms.cancel).toEqual({ refundCents: mine.paidCents, endsOn: null })
    const done = await act(ctx, r.token, id, 'cancel')
    expect(done.body).toMatchObject({ state: 'cancelled', refundedCents: mine.paidCents })
  })

  it('within 24 h of the start: the renter’s cancel refunds nothing and says the day the stay ends, which the step then sets', async () => {
    const start = day(1)
    const { r, id, read } = await paidBooking(start)
    const mine = await read(r.token)
    expect(mine.terms.cancel).toEqual({ refundCents: 0, endsOn: paidThroughAfter(start, 1) })
    const done = await act(ctx, r.token, id, 'cancel')
    expect(done.body).toMatchObject({ state: 'confirmed', refundedCents: 0, endDate: mine.terms.cancel.endsOn })
  })

  it('a running rental: ending says the last paid day (renter) or 30 days from today (host)', async () => {
    const { host, r, id, read } = await paidBooking(day(3))
    // Started yesterday (moved back in time directly: the clock is not ours).
    await ctx.server.database.db
      .update(bookings)
      .set({ state: 'active', startDate: day(-1), paidThrough: paidThroughAfter(day(-1), 1) })
      .where(eq(bookings.id, id))
    expect((await read(r.token)).terms.end).toEqual({ endsOn: paidThroughAfter(day(-1), 1) })
    expect((await read(host.token)).terms.end).toEqual({ endsOn: addDays(dayOf(new Date()), 30) })
  })
})
