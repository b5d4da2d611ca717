// @module-tag postgres — blocks checked in the same queries as messages
// Blocking: neither side can message the other (both directions, new conversations too) or send a
// booking request; the history stays readable; unblocking restores sending. Blocking is private.
import { describe, expect, it } from 'vitest'
import { SAFETY_TEXT } from '@contract/safety'
import { signUp } from '../helpers'
import { ctx, day, hostWithListing, renter, useBookingsServer } from '../bookings/helpers'

useBookingsServer()

const send = (token: string, receiverId: string, content: string) => ctx.server.http('POST', '/api/messages', { token, json: { receiverId, content } })

describe('blocking', () => {
  it('stops sends both ways, keeps the history readable, and unblocking restores sending', async () => {
    const ann = await signUp(ctx.server, { firstName: 'Ann' })
    const bob = await signUp(ctx.server, { firstName: 'Bob' })
    expect((await send(ann.token, bob.id, 'Hi Bob')).status).toBe(201)
    expect((await send(bob.token, ann.id, 'Hi Ann')).status).toBe(201)

    const blocked = await ctx.server.http('PUT', `/api/blocks/${bob.id}`, { token: ann.token })
    expect(blocked.status).toBe(200)
    expect(blocked.body).toEqual({ blockedByMe: true, canMessage: false })

    const fromAnn = await send(ann.token, bob.id, 'Still there?')
    expect(fromAnn.status).toBe(403)
    expect(fromAnn.body.error).toBe(SAFETY_TEXT.youBlocked)
    const fromBob = await send(bob.token, ann.id, 'Hello?')
    expect(fromBob.status).toBe(403)
    // The blocked side is told only that it cannot, never that it was blocked.
    expect(fromBob.body.error).toBe(SAFETY_TEXT.cannotMessage)
    expect(JSON.stringify(fromBob.body)).not.toMatch(/block/i)
    expect((await ctx.server.http('GET', `/api/blocks/with/${ann.id}`, { token: bob.token })).body).toEqual({ blockedByMe: false, canMessage: false })

    // Both still read the conversation, without the refused messages.
    for (const [me, other] of [
      [bob, ann],
      [ann, bob],
    ] as const) {
      const history = await ctx.server.http('GET', `/api/messages/${other.id}`, { token: me.token })
      expect(history.status).toBe(200)
      expect(history.body.messages.map((m: { content: string }) => m.content)).toEqual(['Hi Bob', 'Hi Ann'])
    }

    // The list of blocked people (for /profile), then unblocking.
    const list = await ctx.server.http('GET', '/api/blocks', { token: ann.token })
    expect(list.body.blocked).toEqual([expect.objectContaining({ id: bob.id, firstName: 'Bob' })])
    expect((await ctx.server.http('DELETE', `/api/blocks/${bob.id}`, { token: ann.token })).body).toEqual({ blockedByMe: false, canMessage: true })
    expect((await send(bob.token, ann.id, 'Back again')).status).toBe(201)
    expect((await send(ann.token, bob.id, 'Welcome back')).status).toBe(201)
  })

  it('stops a new conversation, and refuses to block oneself or nobody', async () => {
    const cat = await signUp(ctx.server, { firstName: 'Cat' })
    const dan = await signUp(ctx.server, { firstName: 'Dan' })
    await ctx.server.http('PUT', `/api/blocks/${cat.id}`, { token: dan.token })
    const first = await send(cat.token, dan.id, 'First message')
    expect(first.status).toBe(403)
    expect(first.body.error).toBe(SAFETY_TEXT.cannotMessage)
    expect((await ctx.server.http('GET', '/api/conversations', { token: dan.token })).body).toEqual([])

    const self = await ctx.server.http('PUT', `/api/blocks/${cat.id}`, { token: cat.token })
    expect(self.status).toBe(400)
    expect(self.body.field).toBe('userId')
    expect((await ctx.server.http('PUT', '/api/blocks/00000000-0000-4000-8000-000000000000', { token: cat.token })).status).toBe(404)
    expect((await ctx.server.http('PUT', `/api/blocks/${dan.id}`)).status).toBe(401)
  })

  it('stops a booking request to a host either side blocked', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const rita = await renter(ctx)
    const ask = () => ctx.server.http('POST', '/api/bookings', { token: rita.token, json: { storageId: listing.id, startDate: day(10), note: 'Boxes' } })
    await ctx.server.http('PUT', `/api/blocks/${rita.id}`, { token: host.token })
    const refused = await ask()
    expect(refused.status).toBe(403)
    expect(refused.body.error).toBe(SAFETY_TEXT.cannotBook)
    await ctx.server.http('DELETE', `/api/blocks/${rita.id}`, { token: host.token })
    expect((await ask()).status).toBe(201)
  })
})
