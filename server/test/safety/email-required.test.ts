// Email verification before a booking request or a published listing; chatting stays open to all.
import { describe, expect, it } from 'vitest'
import { TRUST_ERRORS } from '@contract/trust'
import { signUp, verifyEmailOf } from '../helpers'
import { listingBody } from '../storage-fixtures'
import { ctx, day, hostWithListing, useBookingsServer } from '../bookings/helpers'
import { loginFailures } from '../../src/db/schema/login-attempts'

useBookingsServer()

const fresh = async () => {
  await ctx.server.database.db.delete(loginFailures)
  return signUp(ctx.server)
}

describe('email verification', () => {
  it('is needed to send a booking request (403 with the reason), and chatting works without it', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await fresh()
    const refused = await ctx.server.http('POST', '/api/bookings', { token: r.token, json: { storageId: listing.id, startDate: day(10) } })
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe(TRUST_ERRORS.emailForBooking)
    expect((await ctx.server.http('GET', '/api/bookings', { token: r.token })).body.asRenter).toEqual([])
    expect((await ctx.server.http('POST', '/api/messages', { token: r.token, json: { receiverId: host.id, content: 'Hi, is it free?' } })).status).toBe(201)

    await verifyEmailOf(ctx.server, r.token)
    expect((await ctx.server.http('POST', '/api/bookings', { token: r.token, json: { storageId: listing.id, startDate: day(10) } })).status).toBe(201)
  })

  it('is needed to publish a listing, not to save a draft', async () => {
    const h = await fresh()
    const published = await ctx.server.http('POST', '/api/storages', { token: h.token, json: listingBody() })
    expect(published.status).toBe(403)
    expect(published.body.error).toBe(TRUST_ERRORS.emailForListing)
    const draft = await ctx.server.http('POST', '/api/storages', { token: h.token, json: listingBody({ status: 'draft' }) })
    expect(draft.status).toBe(201)
    const publish = await ctx.server.http('PATCH', `/api/storages/${draft.body.id}`, { token: h.token, json: { status: 'active' } })
    expect(publish.status).toBe(403)
    expect(publish.body.error).toBe(TRUST_ERRORS.emailForListing)

    await verifyEmailOf(ctx.server, h.token)
    expect((await ctx.server.http('PATCH', `/api/storages/${draft.body.id}`, { token: h.token, json: { status: 'active' } })).status).toBe(200)
  })
})
