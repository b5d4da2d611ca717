// @module-tag postgres — change feed and polling over LISTEN/NOTIFY
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { CHANGE_CHANNEL } from '../../src/db/change-feed'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

type U = Awaited<ReturnType<typeof signUp>>
const send = (from: U, to: U, content: string) => server.http('POST', '/api/messages', { token: from.token, json: { receiverId: to.id, content } })
const poll = (u: U, path: string, etag?: string) => server.http('GET', path, { token: u.token, headers: etag ? { 'if-none-match': etag } : {} })

/** The database queries a request made. */
async function queriesOf<T>(fn: () => Promise<T>): Promise<{ result: T; queries: number }> {
  const before = server.database.queryCount()
  const result = await fn()
  return { result, queries: server.database.queryCount() - before }
}

/**
 * On PostgreSQL, waits until the instance has heard back the notifications of the writes made so far: each
 * bumps the versions again when it arrives, and one arriving between two polls makes the second check the
 * database (right, but not what an unchanged poll measures). Notifications arrive in commit order, so a
 * marker sent now comes after them. At once on PGlite, which has no notifications.
 */
async function heardOwnWrites() {
  if (!server.database.url) return
  const before = server.app.changes.received()
  await server.database.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, ''])
  await vi.waitFor(() => expect(server.app.changes.received()).toBeGreaterThan(before))
}

describe('an unchanged poll costs no database query', () => {
  let a: U, b: U
  beforeAll(async () => {
    a = await signUp(server, { firstName: 'Ada' })
    b = await signUp(server, { firstName: 'Bob' })
    await send(a, b, 'Is the garage free?')
    await heardOwnWrites()
  })

  it('answers an unchanged chat and list with a 304 and no query', async () => {
    const { result: chat, queries } = await queriesOf(() => poll(b, `/api/messages/${a.id}`))
    expect(queries).toBeGreaterThan(0) // the count does see the database
    const list = await poll(b, '/api/conversations')
    expect(chat.status).toBe(200)
    expect(list.status).toBe(200)
    const chatTag = chat.headers.get('etag')!
    const listTag = list.headers.get('etag')!
    const again = await queriesOf(() => poll(b, `/api/messages/${a.id}`, chatTag))
    expect(again.result.status).toBe(304)
    expect(again.result.headers.get('etag')).toBe(chatTag)
    expect(again.queries).toBe(0)
    const listAgain = await queriesOf(() => poll(b, '/api/conversations', listTag))
    expect(listAgain.result.status).toBe(304)
    expect(listAgain.queries).toBe(0)
  })

  it("another user's ETag is no use to a third user", async () => {
    const chat = await poll(b, `/api/messages/${a.id}`)
    const c = await signUp(server)
    const res = await poll(c, `/api/messages/${a.id}`, chat.headers.get('etag')!)
    expect(res.status).toBe(200)
    expect(res.body.messages).toEqual([])
  })

  it('a new message, a delete, a rename and a close each end the 304s', async () => {
    const tags = async (u: U, other: U) => ({
      chat: (await poll(u, `/api/messages/${other.id}`)).headers.get('etag')!,
      list: (await poll(u, '/api/conversations')).headers.get('etag')!,
    })
    let t = await tags(a, b)
    await send(b, a, 'Yes, from Monday')
    const chat = await poll(a, `/api/messages/${b.id}`, t.chat)
    expect(chat.status).toBe(200)
    expect(chat.body.messages.at(-1).content).toBe('Yes, from Monday')
    expect((await poll(a, '/api/conversations', t.list)).body[0].lastMessage.content).toBe('Yes, from Monday')

    t = await tags(a, b)
    await server.http('PATCH', '/api/user-profile', { token: b.token, json: { firstName: 'Robert' } })
    expect((await poll(a, '/api/conversations', t.list)).body[0].otherUser.firstName).toBe('Robert')
    expect((await poll(a, `/api/messages/${b.id}`, t.chat)).status).toBe(200)

    t = await tags(a, b)
    const { setConversationClosed } = await import('../../src/modules/messaging/queries/conversations')
    await setConversationClosed(server.database.db, a.id, b.id, a.id)
    expect((await poll(a, `/api/messages/${b.id}`, t.chat)).body.isAutoClosed).toBe(true)
    expect((await poll(a, '/api/conversations', t.list)).body[0].isAutoClosed).toBe(true)

    t = await tags(a, b)
    expect((await server.http('DELETE', `/api/conversations/${b.id}`, { token: a.token })).status).toBe(200)
    expect((await poll(a, '/api/conversations', t.list)).body).toEqual([])
    expect((await poll(a, `/api/messages/${b.id}`, t.chat)).body.messages).toEqual([])
  })

  it('marks read: a message that arrives makes the next poll a 200 that clears the unread count', async () => {
    const c = await signUp(server)
    await send(a, c, 'one')
    const first = await poll(c, `/api/messages/${a.id}`)
    await send(a, c, 'two')
    const listBefore = await poll(c, '/api/conversations')
    expect(listBefore.body[0].unreadCount).toBe(1)
    expect((await poll(c, `/api/messages/${a.id}`, first.headers.get('etag')!)).status).toBe(200)
    expect((await poll(c, '/api/conversations', listBefore.headers.get('etag')!)).body[0].unreadCount).toBe(0)
  })
})

describe('sessions are cached briefly and dropped at once', () => {
  it('a logged-out token is refused on the next call', async () => {
    const u = await signUp(server)
    expect((await server.http('GET', '/api/user-profile', { token: u.token })).status).toBe(200)
    // Cached: the second call asks nothing about the session.
    const cached = await queriesOf(() => server.http('GET', '/api/user-profile', { token: u.token }))
    expect(cached.result.status).toBe(200)
    expect((await server.http('POST', '/api/auth/logout', { token: u.token })).status).toBe(200)
    expect((await server.http('GET', '/api/user-profile', { token: u.token })).status).toBe(401)
  })

  it('a password change ends the other sessions at once', async () => {
    const u = await signUp(server)
    const login = await server.http('POST', '/api/auth/login', { json: { email: u.email, password: u.password } })
    const other = login.body.token as string
    expect((await server.http('GET', '/api/user-profile', { token: other })).status).toBe(200)
    const changed = await server.http('POST', '/api/auth/change-password', {
      token: u.token,
      json: { currentPassword: u.password, newPassword: 'a much better passphrase' },
    })
    expect(changed.status).toBe(200)
    expect((await server.http('GET', '/api/user-profile', { token: other })).status).toBe(401)
    expect((await server.http('GET', '/api/user-profile', { token: u.token })).status).toBe(200)
  })

  it('a deactivated account is refused on the next call', async () => {
    const u = await signUp(server)
    expect((await server.http('GET', '/api/user-profile', { token: u.token })).status).toBe(200)
    const { updateUser } = await import('../../src/modules/accounts/queries/users')
    await updateUser(server.database.db, u.id, { deactivatedAt: new Date() })
    expect((await server.http('GET', '/api/user-profile', { token: u.token })).status).toBe(401)
  })
})
