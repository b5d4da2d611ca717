// What the renter will store (their "What fits?" list) goes with the booking request: kept on the
// booking, shown to its two parties only.
import { describe, expect, it } from 'vitest'
import { bookingRow, day, hostWithListing, renter, request, ctx, useBookingsServer } from './helpers'

useBookingsServer()

describe('a booking request with items', () => {
  it('stores the list (in catalog order) and only the renter and the host can read it', async () => {
    const { host, listing } = await hostWithListing(ctx, { ready: false })
    const rita = await renter(ctx)
    const res = await request(ctx, rita.token, { storageId: listing.id, startDate: day(10), items: 'sofa:1,bed_queen:1,box_medium:20' })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    const id = res.body.id as string
    expect(res.body.items).toBe('box_medium:20,bed_queen:1,sofa:1')
    expect((await bookingRow(ctx, id)).items).toBe('box_medium:20,bed_queen:1,sofa:1')
    const asHost = await ctx.server.http('GET', `/api/bookings/${id}`, { token: host.token })
    expect(asHost.body.items).toBe('box_medium:20,bed_queen:1,sofa:1')
    const stranger = await renter(ctx)
    const asStranger = await ctx.server.http('GET', `/api/bookings/${id}`, { token: stranger.token })
    expect(asStranger.status).toBe(403)
    expect(JSON.stringify(asStranger.body)).not.toContain('box_medium')
  })

  it('is optional, and a bad list is a 400 naming items', async () => {
    const { listing } = await hostWithListing(ctx, { ready: false })
    const rita = await renter(ctx)
    const none = await request(ctx, rita.token, { storageId: listing.id, startDate: day(10) })
    expect(none.status).toBe(201)
    expect(none.body.items).toBeNull()
    const bad = await request(ctx, rita.token, { storageId: listing.id, startDate: day(12), items: 'piano:1' })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('items')
  })
})
