// Security probes: a user's email is shown only to people who have both written to each other or whom a
// booking the host answered joins, and looking accounts up by email (the developer message form) is for
// admins only.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/users'
import { act, hostWithListing, renter, request, startBookingsServer, type Ctx } from '../bookings/helpers'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('other users’ emails', () => {
  it('GET /messages/:userId shows no email to a stranger, nor after one side alone writes; once both have written, both see it', async () => {
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
    const victimList = await server.http('GET', '/api/conversations', { token: victim.token })
    expect(JSON.stringify(victimList.body)).not.toContain(snoop.email)

    // The victim answers: now both sides see each other's address, and the chat's version changed with it.
    const etag = chat.headers.get('etag')!
    expect((await server.http('POST', '/api/messages', { token: victim.token, json: { receiverId: snoop.id, content: 'It is.' } })).status).toBe(201)
    const again = await server.http('GET', `/api/messages/${victim.id}`, { token: snoop.token, headers: { 'if-none-match': etag } })
    expect(again.status).toBe(200)
    expect(again.body.otherUser.email).toBe(victim.email)
    const back = await server.http('GET', `/api/messages/${snoop.id}`, { token: victim.token })
    expect(back.body.otherUser.email).toBe(snoop.email)
    expect((await server.http('GET', '/api/conversations', { token: snoop.token })).body[0].otherUser.email).toBe(victim.email)
  })

  it('the conversation list shows emails only of conversations where both sides have written', async () => {
    const me = await signUp(server)
    const friend = await signUp(server)
    const pest = await signUp(server)
    const stranger = await signUp(server)
    await server.http('POST', '/api/messages', { token: friend.token, json: { receiverId: me.id, content: 'hello' } })
    await server.http('POST', '/api/messages', { token: me.token, json: { receiverId: friend.id, content: 'hi!' } })
    await server.http('POST', '/api/messages', { token: pest.token, json: { receiverId: me.id, content: 'buy my stuff' } })
    const list = await server.http('GET', '/api/conversations', { token: me.token })
    expect(list.body.map((c: { otherUser: { email: string } }) => c.otherUser.email)).toEqual(['', friend.email])
    expect(JSON.stringify(list.body)).not.toContain(stranger.email)
    expect(JSON.stringify(list.body)).not.toContain(pest.email)
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

  it('a booking request alone does not show the host’s email; once the host accepts, both see each other’s', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const created = await request(ctx, r.token, { storageId: listing.id })
    expect(created.status).toBe(201)
    const chat = await ctx.server.http('GET', `/api/messages/${host.id}`, { token: r.token })
    expect(chat.status).toBe(200)
    expect(JSON.stringify(chat.body)).not.toContain(host.email)
    expect(JSON.stringify((await ctx.server.http('GET', '/api/conversations', { token: r.token })).body)).not.toContain(host.email)

    expect((await act(ctx, host.token, created.body.id, 'accept')).status).toBe(200)
    const after = await ctx.server.http('GET', `/api/messages/${host.id}`, { token: r.token, headers: { 'if-none-match': chat.headers.get('etag')! } })
    expect(after.status).toBe(200)
    expect(after.body.otherUser.email).toBe(host.email)
    expect((await ctx.server.http('GET', '/api/conversations', { token: host.token })).body[0].otherUser.email).toBe(r.email)
  })
})
