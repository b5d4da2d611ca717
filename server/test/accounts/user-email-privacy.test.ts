// Security probes: a user's email is shown only to the other side of a booking confirmed and paid (the one
// contact rule, modules/bookings/service/contact-access.ts; issue 41 moved it from "both have written" and "the host
// accepted or countered"), and looking accounts up by email (the developer message form) is for admins only.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/users'
import { act, hostWithListing, pay, renter, request, startBookingsServer, type Ctx } from '../bookings/helpers'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('other users’ emails', () => {
  it('GET /messages/:userId shows no email to a stranger, nor after one side writes, nor once both have written', async () => {
    const snoop = await signUp(server)
    const victim = await signUp(server, { firstName: 'Vic' })
    const probe = await server.http('GET', `/api/messages/${victim.id}`, { token: snoop.token })
    expect(probe.status).toBe(200)
    expect(probe.body.otherUser).toMatchObject({ _id: victim.id, firstName: 'Vic', email: '' })
    expect(JSON.stringify(probe.body)).not.toContain(victim.email)

    // One message from the prober creates the conversation: it must not unlock the victim's address.
    const sent = await server.http('POST', '/api/messages', { token: snoop.token, json: { receiverId: victim.id, content: 'Is the garage free?' } })
    expect(sent.status).toBe(201)
    const chat = await server.http('GET', `/api/messages/${victim.id}`, { token: snoop.token })
    expect(chat.body.otherUser.email).toBe('')
    expect(JSON.stringify(chat.body)).not.toContain(victim.email)
    const list = await server.http('GET', '/api/conversations', { token: snoop.token })
    expect(list.body[0].otherUser).toMatchObject({ _id: victim.id, email: '' })
    expect(JSON.stringify(list.body)).not.toContain(victim.email)

    // The victim answers: talking is not a booking, so neither sees the other's address (the old rule showed it here).
    expect((await server.http('POST', '/api/messages', { token: victim.token, json: { receiverId: snoop.id, content: 'It is.' } })).status).toBe(201)
    for (const [token, other] of [
      [snoop.token, victim],
      [victim.token, snoop],
    ] as const) {
      const read = await server.http('GET', `/api/messages/${other.id}`, { token })
      expect(read.body.otherUser.email).toBe('')
      const convs = await server.http('GET', '/api/conversations', { token })
      expect(JSON.stringify([read.body, convs.body])).not.toContain(other.email)
    }
  })

  it('the conversation list shows no email without a paid booking, whoever has written', async () => {
    const me = await signUp(server)
    const friend = await signUp(server)
    const pest = await signUp(server)
    const stranger = await signUp(server)
    await server.http('POST', '/api/messages', { token: friend.token, json: { receiverId: me.id, content: 'hello' } })
    await server.http('POST', '/api/messages', { token: me.token, json: { receiverId: friend.id, content: 'hi!' } })
    await server.http('POST', '/api/messages', { token: pest.token, json: { receiverId: me.id, content: 'buy my stuff' } })
    const list = await server.http('GET', '/api/conversations', { token: me.token })
    expect(list.body.map((c: { otherUser: { email: string } }) => c.otherUser.email)).toEqual(['', ''])
    for (const other of [friend, pest, stranger]) expect(JSON.stringify(list.body)).not.toContain(other.email)
  })

  it('find-by-email answers admins only; other users get 403 without the id', async () => {
    const admin = await signUp(server)
    await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id))
    const someone = await signUp(server)
    const target = await signUp(server)
    const path = `/api/users/find-by-email/${encodeURIComponent(target.email.toUpperCase())}`
    const refused = await server.http('GET', path, { token: someone.token })
    expect(refused.status).toBe(403)
    expect(JSON.stringify(refused.body)).not.toContain(target.id)
    expect(await server.http('GET', path, { token: admin.token })).toMatchObject({ status: 200, body: { userId: target.id } })
    const missing = await server.http('GET', '/api/users/find-by-email/nobody%40example.com', { token: admin.token })
    expect(missing).toMatchObject({ status: 404, body: { error: 'User not found.' } })
  })
})

describe('other users’ emails and bookings', () => {
  let ctx: Ctx
  beforeAll(async () => {
    ctx = await startBookingsServer()
  })
  afterAll(async () => {
    await ctx.server.close()
    await ctx.stripe.close()
  })

  it('neither a request nor the host’s acceptance shows the emails; Stripe’s confirmed payment does, both ways', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const created = await request(ctx, r.token, { storageId: listing.id })
    expect(created.status).toBe(201)
    const hidden = async () => {
      const chat = await ctx.server.http('GET', `/api/messages/${host.id}`, { token: r.token })
      expect(chat.status).toBe(200)
      expect(chat.body.otherUser.email).toBe('')
      const seen = [
        chat.body,
        (await ctx.server.http('GET', '/api/conversations', { token: r.token })).body,
        (await ctx.server.http('GET', '/api/conversations', { token: host.token })).body,
      ]
      expect(JSON.stringify(seen)).not.toContain(host.email)
      expect(JSON.stringify(seen.slice(2))).not.toContain(r.email)
      return chat
    }
    await hidden()
    // Accepted, waiting for payment: the old rule opened the emails here; the one rule waits for the payment.
    expect((await act(ctx, host.token, created.body.id, 'accept')).status).toBe(200)
    const chat = await hidden()

    await pay(ctx, r.token, created.body.id)
    const after = await ctx.server.http('GET', `/api/messages/${host.id}`, { token: r.token, headers: { 'if-none-match': chat.headers.get('etag')! } })
    expect(after.status).toBe(200)
    expect(after.body.otherUser.email).toBe(host.email)
    expect((await ctx.server.http('GET', '/api/conversations', { token: host.token })).body[0].otherUser.email).toBe(r.email)
  })

  it('a countered offer does not show the emails either', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const offered = await request(ctx, r.token, { storageId: listing.id, offerCents: 9_000 })
    expect(offered.status).toBe(201)
    expect((await act(ctx, host.token, offered.body.id, 'counter', { counterCents: 10_500 })).status).toBe(200)
    expect((await ctx.server.http('GET', `/api/messages/${host.id}`, { token: r.token })).body.otherUser.email).toBe('')
    expect((await ctx.server.http('GET', `/api/messages/${r.id}`, { token: host.token })).body.otherUser.email).toBe('')
  })
})
