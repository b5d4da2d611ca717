// @module-tag postgres — the confirmed-and-paid join that opens contact details
// GET /api/bookings/:id/door-card ("Your space"): what the renter of a confirmed and paid booking needs at
// the door, for that renter only; a 404 for everyone else and for a booking not confirmed and paid.
import { describe, expect, it } from 'vitest'
import { DOOR_CARD_NOT_FOUND, DoorCardSchema } from '@contract/door-card'
import { act, day, hostWithListing, pay, renter, request, ctx, useBookingsServer } from './helpers'

useBookingsServer()

const doorCard = (token: string, id: string) => ctx.server.http('GET', `/api/bookings/${id}/door-card`, { token })

describe('GET /api/bookings/:id/door-card', () => {
  it('gives the renter of a paid booking the address, access, host contact, dates and move-in items', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(12), endDate: day(40) })
    // Requested, then accepted but unpaid: no card, and nothing of the address leaks.
    expect(await doorCard(r.token, body.id)).toMatchObject({ status: 404, body: { message: DOOR_CARD_NOT_FOUND } })
    expect((await act(ctx, host.token, body.id, 'accept')).status).toBe(200)
    expect((await doorCard(r.token, body.id)).status).toBe(404)
    await pay(ctx, r.token, body.id)
    const item = await ctx.server.http('POST', `/api/evidence/bookings/${body.id}/move_in/items`, {
      token: r.token,
      json: { name: 'Bike', note: 'Blue, scratched fork' },
    })
    expect(item.status).toBe(201)

    const res = await doorCard(r.token, body.id)
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const card = DoorCardSchema.parse(res.body)
    expect(card).toEqual({
      bookingId: body.id,
      state: 'confirmed',
      storage: { id: listing.id, title: listing.title },
      startDate: day(12),
      endDate: day(40),
      address: { street: '123 Queen St W', city: 'Toronto', state: 'ON', postalCode: 'M5H 2N2' },
      access: { method: 'code', hours: 'Weekdays 8am-8pm', houseRules: expect.any(String), schedule: null },
      host: { firstName: 'Hana', lastName: expect.any(String), email: host.email },
      moveInItems: [{ name: 'Bike', note: 'Blue, scratched fork' }],
    })
  })

  it('is the renter’s only: the host, a third user and a visitor get nothing', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(15) })
    expect((await act(ctx, host.token, body.id, 'accept')).status).toBe(200)
    await pay(ctx, r.token, body.id)
    expect((await doorCard(r.token, body.id)).status).toBe(200)
    const stranger = await renter(ctx)
    expect(await doorCard(stranger.token, body.id)).toMatchObject({ status: 404, body: { message: DOOR_CARD_NOT_FOUND } })
    expect((await doorCard(host.token, body.id)).status).toBe(404)
    expect((await ctx.server.http('GET', `/api/bookings/${body.id}/door-card`)).status).toBe(401)
    expect((await doorCard(r.token, '00000000-0000-4000-8000-000000000000')).status).toBe(404)
  })

  it('goes away once the booking is cancelled', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(30) })
    expect((await act(ctx, host.token, body.id, 'accept')).status).toBe(200)
    await pay(ctx, r.token, body.id)
    expect((await doorCard(r.token, body.id)).status).toBe(200)
    expect((await act(ctx, r.token, body.id, 'cancel')).status).toBe(200)
    expect((await doorCard(r.token, body.id)).status).toBe(404)
  })
})
