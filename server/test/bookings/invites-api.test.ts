// @module-tag postgres — booking an invite under the listing's row lock; parallel "Book now" clicks
// Invite to Book over HTTP: a host invites someone they talk with, at a price within the bounds; only that
// renter books it, only while it is open, at its price, in the same checkout; withdrawn and expired cleanly.
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { bookings } from '../../src/db/schema/bookings'
import { invites } from '../../src/db/schema/invites'
import { messages } from '../../src/db/schema/messages'
import { bookingRow, ctx, day, hostWithListing, pay, renter, useBookingsServer } from './helpers'

useBookingsServer()

type U = { id: string; token: string }

/** A host with a ready listing ($120/month), and a renter who wrote to them. */
async function talkingPair(opts: { priceCents?: number } = {}) {
  const h = await hostWithListing(ctx, opts)
  const r = await renter(ctx)
  const sent = await ctx.server.http('POST', '/api/messages', { token: r.token, json: { receiverId: h.host.id, content: 'Hi, is it free next month?' } })
  expect(sent.status).toBe(201)
  return { ...h, renter: r }
}

const invite = (host: U, json: Record<string, unknown>) =>
  ctx.server.http('POST', '/api/invites', { token: host.token, json: { startDate: day(10), expiresIn: '3d', ...json } })
const step = (u: U, id: string, action: 'book' | 'withdraw' | 'decline') =>
  ctx.server.http('POST', `/api/invites/${id}/${action}`, { token: u.token, json: {} })
const cards = (u: U, other: string) => ctx.server.http('GET', `/api/invites/with/${other}`, { token: u.token })
const systemLines = async (a: string) =>
  (
    await ctx.server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.isSystem, true), eq(messages.senderId, a)))
  ).map((m) => m.content)

describe('Invite to Book', () => {
  it('the renter books the invite at its price and dates, pays in the same checkout, and Stripe confirms it with no host step', async () => {
    const { host, listing, renter: r } = await talkingPair()
    const sent = await invite(host, { storageId: listing.id, renterId: r.id, monthlyCents: 9_000, endDate: day(70), expiresIn: '7d' })
    expect(sent.status).toBe(201)
    expect(sent.body).toMatchObject({ state: 'pending', role: 'host', monthlyCents: 9_000, listMonthlyCents: 12_000, startDate: day(10), endDate: day(70) })
    // Both sides see the card; the renter's side is the one that books.
    expect((await cards(r, host.id)).body.invites).toMatchObject([{ id: sent.body.id, role: 'renter', state: 'pending' }])
    expect(await systemLines(host.id)).toContainEqual(expect.stringContaining('Invite to book'))

    const booked = await step(r, sent.body.id, 'book')
    expect(booked.status).toBe(201)
    const b = await bookingRow(ctx, booked.body.bookingId)
    expect(b).toMatchObject({ state: 'accepted', renterId: r.id, hostId: host.id, startDate: day(10), endDate: day(70) })
    expect(b.quote.monthlyCents).toBe(9_000)
    expect((await cards(host, r.id)).body.invites[0]).toMatchObject({ state: 'accepted', bookingId: b.id })

    await pay(ctx, r.token, b.id)
    expect((await bookingRow(ctx, b.id)).state).toBe('confirmed')
    const got = await ctx.server.http('GET', `/api/bookings/${b.id}`, { token: host.token })
    expect(got.body).toMatchObject({ state: 'confirmed', quote: { monthlyCents: 9_000 } })
    // The chat says it was booked and then paid.
    expect(await systemLines(r.id)).toContainEqual(expect.stringContaining('Booking accepted'))
  })

  it('only the invited renter books it: the host is refused, anyone else finds nothing', async () => {
    const { host, listing, renter: r } = await talkingPair()
    const sent = await invite(host, { storageId: listing.id, renterId: r.id, monthlyCents: 12_000 })
    const stranger = await renter(ctx)
    expect((await step(stranger, sent.body.id, 'book')).status).toBe(404)
    expect((await step(stranger, sent.body.id, 'withdraw')).status).toBe(404)
    expect((await cards(stranger, host.id)).body.invites).toEqual([])
    expect((await step(host, sent.body.id, 'book')).status).toBe(403)
    expect((await step(r, sent.body.id, 'withdraw')).status).toBe(403)
    expect(await ctx.server.database.db.select().from(bookings).where(eq(bookings.storageId, listing.id))).toEqual([])
  })

  it('a host invites only to their own active listing, and only someone they talk with', async () => {
    const { host, listing, renter: r } = await talkingPair()
    const other = await hostWithListing(ctx)
    expect((await invite(host, { storageId: other.listing.id, renterId: r.id, monthlyCents: 9_000 })).status).toBe(404)
    const stranger = await renter(ctx)
    expect((await invite(host, { storageId: listing.id, renterId: stranger.id, monthlyCents: 9_000 })).status).toBe(404)
    expect((await invite(host, { storageId: listing.id, renterId: host.id, monthlyCents: 9_000 })).body).toMatchObject({ statusCode: 400, field: 'renterId' })
  })

  it('a host whose payment setup is not done cannot invite yet (409 naming it)', async () => {
    const h = await hostWithListing(ctx, { ready: false })
    const r = await renter(ctx)
    await ctx.server.http('POST', '/api/messages', { token: r.token, json: { receiverId: h.host.id, content: 'Hello there' } })
    const res = await invite(h.host, { storageId: h.listing.id, renterId: r.id, monthlyCents: 9_000 })
    expect(res.body).toMatchObject({ statusCode: 409, field: 'paymentSetup' })
  })

  it('a price outside the bounds (half the listing price to the listing price) is a 400 naming the field', async () => {
    const { host, listing, renter: r } = await talkingPair()
    const at = (monthlyCents: unknown) => invite(host, { storageId: listing.id, renterId: r.id, monthlyCents })
    const low = await at(5_999)
    expect(low.body).toMatchObject({ statusCode: 400, field: 'monthlyCents' })
    expect(low.body.message).toContain('$60.00')
    expect((await at(12_001)).body).toMatchObject({ statusCode: 400, field: 'monthlyCents' })
    expect((await at('lots')).body).toMatchObject({ statusCode: 400, field: 'monthlyCents' })
    expect((await at(6_000)).status).toBe(201)
    expect((await invite(host, { storageId: listing.id, renterId: r.id, monthlyCents: 9_000, expiresIn: '2w' })).body).toMatchObject({ field: 'expiresIn' })
    expect((await invite(host, { storageId: listing.id, renterId: r.id, monthlyCents: 9_000, startDate: day(-1) })).body).toMatchObject({ field: 'startDate' })
  })

  it('an expired invite cannot be booked (410) and its card says expired', async () => {
    const { host, listing, renter: r } = await talkingPair()
    const sent = await invite(host, { storageId: listing.id, renterId: r.id, monthlyCents: 10_000, expiresIn: '24h' })
    await ctx.server.database.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, sent.body.id))
    const late = await step(r, sent.body.id, 'book')
    expect(late.status).toBe(410)
    expect(late.body.message).toBe('This invite has expired.')
    expect((await cards(r, host.id)).body.invites[0]).toMatchObject({ state: 'expired', bookingId: null })
    expect(await ctx.server.database.db.select().from(bookings).where(eq(bookings.storageId, listing.id))).toEqual([])
  })

  it('a withdrawn invite is closed for both: no booking, and the chat says so', async () => {
    const { host, listing, renter: r } = await talkingPair()
    const sent = await invite(host, { storageId: listing.id, renterId: r.id, monthlyCents: 10_000 })
    const w = await step(host, sent.body.id, 'withdraw')
    expect(w.body).toMatchObject({ state: 'withdrawn' })
    expect((await step(r, sent.body.id, 'book')).status).toBe(409)
    expect((await step(host, sent.body.id, 'withdraw')).status).toBe(409)
    expect((await cards(r, host.id)).body.invites[0].state).toBe('withdrawn')
    expect(await systemLines(host.id)).toContainEqual(expect.stringContaining('withdrawn'))
  })

  it('"Not now" declines it; the host can no longer withdraw it', async () => {
    const { host, listing, renter: r } = await talkingPair()
    const sent = await invite(host, { storageId: listing.id, renterId: r.id, monthlyCents: 10_000 })
    expect((await step(r, sent.body.id, 'decline')).body.state).toBe('declined')
    expect((await step(host, sent.body.id, 'withdraw')).status).toBe(409)
  })

  it('two parallel "Book now" clicks give one booking and one clear refusal', async () => {
    const { host, listing, renter: r } = await talkingPair()
    const sent = await invite(host, { storageId: listing.id, renterId: r.id, monthlyCents: 11_000 })
    const results = await Promise.all(Array.from({ length: 2 }, () => step(r, sent.body.id, 'book')))
    expect(results.map((x) => x.status).sort()).toEqual([201, 409])
    expect(results.find((x) => x.status === 409)!.body.message).toBe('This invite is no longer open.')
    expect(await ctx.server.database.db.select().from(bookings).where(eq(bookings.storageId, listing.id))).toHaveLength(1)
  })

  it('dates already held by another booking refuse with 409 and leave the invite open', async () => {
    const { host, listing, renter: r } = await talkingPair()
    const first = await invite(host, { storageId: listing.id, renterId: r.id, monthlyCents: 11_000 })
    const second = await invite(host, { storageId: listing.id, renterId: r.id, monthlyCents: 10_000, startDate: day(20) })
    expect((await step(r, first.body.id, 'book')).status).toBe(201)
    const clash = await step(r, second.body.id, 'book')
    expect(clash.status).toBe(409)
    expect(clash.body.message).toBe('The space is already booked for some of these dates.')
    expect((await cards(r, host.id)).body.invites.find((i: { id: string }) => i.id === second.body.id).state).toBe('pending')
  })

  it('a booked invite left unpaid past the pay window opens again (and the space with it); past its own expiry it is expired', async () => {
    const { host, listing, renter: r } = await talkingPair()
    const open = await invite(host, { storageId: listing.id, renterId: r.id, monthlyCents: 11_000, expiresIn: '7d' })
    const booked = await step(r, open.body.id, 'book')
    expect(booked.status).toBe(201)
    // The booking's 48 h to pay run out: the chat's next read applies it.
    await ctx.server.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, booked.body.bookingId))
    expect((await cards(host, r.id)).body.invites[0]).toMatchObject({ id: open.body.id, state: 'pending', bookingId: null })
    expect((await bookingRow(ctx, booked.body.bookingId)).state).toBe('expired')
    // The renter books it again, now; then cancels before paying, after the invite itself ran out.
    const again = await step(r, open.body.id, 'book')
    expect(again.status).toBe(201)
    await ctx.server.database.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invites.id, open.body.id))
    const cancelled = await ctx.server.http('POST', `/api/bookings/${again.body.bookingId}/cancel`, { token: r.token, json: {} })
    expect(cancelled.status).toBe(200)
    expect((await cards(r, host.id)).body.invites[0]).toMatchObject({ id: open.body.id, state: 'expired', bookingId: null })
  })
})
