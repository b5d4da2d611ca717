// @module-tag postgres — the last place taken under the listing's row lock (FOR UPDATE) by parallel accepts
// The availability calendar over HTTP: a listing's capacity and blocked days, the one rule every taking of
// the space passes (a 409 naming the days), the public availability answer, and who may block days.
import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings } from '../../src/db/schema/bookings'
import { ledgerEntries } from '../../src/db/schema/ledger'
import { act, bookingRow, ctx, hostWithListing, pay, renter, request, useBookingsServer } from './helpers'

useBookingsServer()

/** Days of March next year: always ahead, within the 18 months a stay may start in. */
const Y = new Date().getUTCFullYear() + 1
const mar = (d: number) => `${Y}-03-${String(d).padStart(2, '0')}`

const block = (token: string, id: string, json: Record<string, unknown>) => ctx.server.http('POST', `/api/storages/${id}/blocked-dates`, { token, json })
const setCapacity = (token: string, id: string, capacity: number) => ctx.server.http('PATCH', `/api/storages/${id}`, { token, json: { capacity } })
const availability = (id: string, from: string, to: string, token?: string) =>
  ctx.server.http('GET', `/api/storages/${id}/availability?from=${from}&to=${to}`, token ? { token } : {})

/** A request the host accepts (the stay now holds a place). */
async function held(host: { token: string }, storageId: string, startDate: string, endDate: string | null) {
  const r = await renter(ctx)
  const res = await request(ctx, r.token, { storageId, startDate, ...(endDate ? { endDate } : {}) })
  expect(res.status).toBe(201)
  expect((await act(ctx, host.token, res.body.id, 'accept')).status).toBe(200)
  return { renter: r, id: res.body.id as string }
}

describe('blocked days', () => {
  it('a request over blocked days is refused with a 409 naming the days; around them it is taken', async () => {
    const { host, listing } = await hostWithListing(ctx)
    expect((await block(host.token, listing.id, { startDate: mar(3), endDate: mar(5), note: 'Painting' })).status).toBe(201)
    const r = await renter(ctx)
    const refused = await request(ctx, r.token, { storageId: listing.id, startDate: mar(1), endDate: mar(10) })
    expect(refused.body).toMatchObject({ statusCode: 409, error: 'Mar 3 – Mar 5 are not available.', field: 'startDate' })
    const openEnded = await request(ctx, r.token, { storageId: listing.id, startDate: mar(5) })
    expect(openEnded.body).toMatchObject({ statusCode: 409, error: 'Mar 5 is not available.' })
    expect((await request(ctx, r.token, { storageId: listing.id, startDate: mar(6), endDate: mar(10) })).status).toBe(201)
    expect(await ctx.server.database.db.select().from(bookings).where(eq(bookings.storageId, listing.id))).toHaveLength(1)
  })

  it('a request made before the host blocked the days cannot be accepted over them', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const asked = await request(ctx, r.token, { storageId: listing.id, startDate: mar(1), endDate: mar(10) })
    await block(host.token, listing.id, { startDate: mar(8), endDate: mar(8) })
    expect((await act(ctx, host.token, asked.body.id, 'accept')).body).toMatchObject({ statusCode: 409, error: 'Mar 8 is not available.' })
    expect((await bookingRow(ctx, asked.body.id)).state).toBe('requested')
  })

  it('the host lists and unblocks their days; unblocked, the days can be asked for', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const made = await block(host.token, listing.id, { startDate: mar(3), endDate: mar(5), note: 'Painting' })
    const list = await ctx.server.http('GET', `/api/storages/${listing.id}/blocked-dates`, { token: host.token })
    expect(list.body).toEqual([{ id: made.body.id, startDate: mar(3), endDate: mar(5), note: 'Painting' }])
    expect((await ctx.server.http('DELETE', `/api/storages/${listing.id}/blocked-dates/${made.body.id}`, { token: host.token })).status).toBe(200)
    const r = await renter(ctx)
    expect((await request(ctx, r.token, { storageId: listing.id, startDate: mar(1), endDate: mar(10) })).status).toBe(201)
  })

  it('only the host blocks, lists or unblocks: anyone else gets a 404, a visitor a 401', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const made = await block(host.token, listing.id, { startDate: mar(3), endDate: mar(5) })
    const other = await renter(ctx)
    expect((await block(other.token, listing.id, { startDate: mar(7), endDate: mar(9) })).status).toBe(404)
    expect((await ctx.server.http('GET', `/api/storages/${listing.id}/blocked-dates`, { token: other.token })).status).toBe(404)
    expect((await ctx.server.http('DELETE', `/api/storages/${listing.id}/blocked-dates/${made.body.id}`, { token: other.token })).status).toBe(404)
    expect((await ctx.server.http('POST', `/api/storages/${listing.id}/blocked-dates`, { json: { startDate: mar(7), endDate: mar(9) } })).status).toBe(401)
    // The other host's own listing cannot reach this block by its id.
    const { host: h2, listing: l2 } = await hostWithListing(ctx, { ready: false })
    expect((await ctx.server.http('DELETE', `/api/storages/${l2.id}/blocked-dates/${made.body.id}`, { token: h2.token })).status).toBe(404)
    const list = await ctx.server.http('GET', `/api/storages/${listing.id}/blocked-dates`, { token: host.token })
    expect(list.body.map((b: { startDate: string }) => b.startDate)).toEqual([mar(3)])
  })

  it('bad input is a 400 naming the field', async () => {
    const { host, listing } = await hostWithListing(ctx, { ready: false })
    expect((await block(host.token, listing.id, { startDate: 'soon', endDate: mar(5) })).body).toMatchObject({ statusCode: 400, field: 'startDate' })
    expect((await block(host.token, listing.id, { startDate: mar(5), endDate: mar(3) })).body).toMatchObject({ statusCode: 400, field: 'endDate' })
    expect((await block(host.token, listing.id, { startDate: mar(3), endDate: mar(5), note: 'x'.repeat(201) })).body).toMatchObject({ field: 'note' })
    expect((await setCapacity(host.token, listing.id, 0)).body).toMatchObject({ statusCode: 400, field: 'capacity' })
    expect((await setCapacity(host.token, listing.id, 1.5)).body).toMatchObject({ statusCode: 400, field: 'capacity' })
    expect((await availability(listing.id, mar(10), mar(1))).body).toMatchObject({ statusCode: 400, field: 'to' })
    expect((await availability(listing.id, 'x', mar(1))).body).toMatchObject({ statusCode: 400, field: 'from' })
  })
})

describe('capacity', () => {
  it('a listing is one booking at a time by default: a full day refuses the next with the days named', async () => {
    const { host, listing } = await hostWithListing(ctx)
    expect(listing.capacity).toBe(1)
    await held(host, listing.id, mar(4), mar(6))
    const r = await renter(ctx)
    expect((await request(ctx, r.token, { storageId: listing.id, startDate: mar(1), endDate: mar(20) })).body).toMatchObject({
      statusCode: 409,
      error: 'Mar 4 – Mar 6 are not available.',
    })
  })

  it('capacity 2 takes two overlapping stays; the third is refused on the days both hold', async () => {
    const { host, listing } = await hostWithListing(ctx)
    expect((await setCapacity(host.token, listing.id, 2)).body.capacity).toBe(2)
    await held(host, listing.id, mar(1), mar(10))
    await held(host, listing.id, mar(8), null)
    const r = await renter(ctx)
    expect((await request(ctx, r.token, { storageId: listing.id, startDate: mar(2), endDate: mar(9) })).body).toMatchObject({
      statusCode: 409,
      error: 'Mar 8 – Mar 9 are not available.',
    })
    // Before the open-ended stay starts there is a place on every day.
    expect((await request(ctx, r.token, { storageId: listing.id, startDate: mar(2), endDate: mar(7) })).status).toBe(201)
  })

  it('10 parallel accepts for the last place: exactly one booking, nine 409s naming the days, one charge', async () => {
    const { host, listing } = await hostWithListing(ctx)
    await setCapacity(host.token, listing.id, 2)
    await held(host, listing.id, mar(1), mar(31))
    const asked: { r: { token: string }; id: string }[] = []
    for (let i = 0; i < 10; i++) {
      const r = await renter(ctx)
      asked.push({ r, id: (await request(ctx, r.token, { storageId: listing.id, startDate: mar(10 + i), endDate: mar(25) })).body.id as string })
    }
    const results = await Promise.all(asked.map((a) => act(ctx, host.token, a.id, 'accept')))
    expect(results.map((x) => x.status).sort()).toEqual([200, ...Array(9).fill(409)])
    for (const x of results.filter((x) => x.status === 409)) expect(x.body.error).toMatch(/^Mar \d+ – Mar 25 are not available\.$/)
    const accepted = (await ctx.server.database.db.select().from(bookings).where(eq(bookings.storageId, listing.id))).filter((b) => b.state === 'accepted')
    expect(accepted).toHaveLength(2)
    // Only the winner can pay; the others are still asking, and checkout refuses them.
    const winner = asked[results.findIndex((x) => x.status === 200)]!
    const loser = asked[results.findIndex((x) => x.status === 409)]!
    await pay(ctx, winner.r.token, winner.id)
    expect((await act(ctx, loser.r.token, loser.id, 'checkout')).status).toBe(409)
    expect((await bookingRow(ctx, winner.id)).state).toBe('confirmed')
    const charges = (await ctx.server.database.db.select().from(ledgerEntries)).filter((e) => asked.some((a) => a.id === e.bookingId))
    expect(new Set(charges.map((c) => c.bookingId))).toEqual(new Set([winner.id]))
  })
})

describe('GET /api/storages/:id/availability', () => {
  it('answers each day with the places left and the blocks, to anyone', async () => {
    const { host, listing } = await hostWithListing(ctx)
    await setCapacity(host.token, listing.id, 2)
    await held(host, listing.id, mar(2), mar(3))
    await held(host, listing.id, mar(3), mar(3))
    await block(host.token, listing.id, { startDate: mar(5), endDate: mar(5), note: 'private' })
    const res = await availability(listing.id, mar(1), mar(6))
    expect(res.status).toBe(200)
    expect(res.body).toEqual({
      capacity: 2,
      days: [
        { date: mar(1), left: 2, blocked: false },
        { date: mar(2), left: 1, blocked: false },
        { date: mar(3), left: 0, blocked: false },
        { date: mar(4), left: 2, blocked: false },
        { date: mar(5), left: 0, blocked: true },
        { date: mar(6), left: 2, blocked: false },
      ],
    })
    expect(JSON.stringify(res.body)).not.toContain('private')
  })

  it('a draft is the host’s alone; an unknown listing is a 404', async () => {
    const { host, listing } = await hostWithListing(ctx, { ready: false })
    await ctx.server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { status: 'paused' } })
    expect((await availability(listing.id, mar(1), mar(2))).status).toBe(404)
    expect((await availability(listing.id, mar(1), mar(2), host.token)).status).toBe(200)
    expect((await availability('00000000-0000-0000-0000-000000000000', mar(1), mar(2))).status).toBe(404)
  })
})
