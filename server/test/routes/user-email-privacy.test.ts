// Security probes: a user's email is shown only to people who already share a conversation with them,
// and looking accounts up by email (the developer message form) is for admins only.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../src/db/schema/users'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('other users’ emails', () => {
  it('GET /messages/:userId shows no email to a stranger, and the email once a conversation exists', async () => {
    const snoop = await signUp(server)
    const victim = await signUp(server, { firstName: 'Vic' })
    const probe = await server.http('GET', `/api/messages/${victim.id}`, { token: snoop.token })
    expect(probe.status).toBe(200)
    expect(probe.body.otherUser).toMatchObject({ _id: victim.id, firstName: 'Vic', email: '' })
    expect(JSON.stringify(probe.body)).not.toContain(victim.email)

    const sent = await server.http('POST', '/api/messages', { token: snoop.token, json: { receiverId: victim.id, content: 'Is the garage free?' } })
    expect(sent.status).toBe(201)
    const chat = await server.http('GET', `/api/messages/${victim.id}`, { token: snoop.token })
    expect(chat.body.otherUser.email).toBe(victim.email)
    const back = await server.http('GET', `/api/messages/${snoop.id}`, { token: victim.token })
    expect(back.body.otherUser.email).toBe(snoop.email)
  })

  it('the conversation list shows emails of the user’s own conversations only', async () => {
    const me = await signUp(server)
    const friend = await signUp(server)
    const stranger = await signUp(server)
    await server.http('POST', '/api/messages', { token: friend.token, json: { receiverId: me.id, content: 'hello' } })
    const list = await server.http('GET', '/api/conversations', { token: me.token })
    expect(list.body.map((c: { otherUser: { email: string } }) => c.otherUser.email)).toEqual([friend.email])
    expect(JSON.stringify(list.body)).not.toContain(stranger.email)
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
