// @module-tag postgres — conversations: unread counts and cursors in raw SQL, parallel sends
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversationChanged } from '../../src/db/change-feed'
import { conversationMembers } from '../../src/db/schema/conversations'
import { users } from '../../src/db/schema/users'
import { signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'

let server: TestServer
const ADMIN_EMAIL = 'boss@example.com'
beforeAll(async () => {
  server = await startTestServer({ adminEmails: [ADMIN_EMAIL] })
})
afterAll(() => server.close())

type U = Awaited<ReturnType<typeof signUp>>
const png = (w = 40, h = 30) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#3a7' } })
    .png()
    .toBuffer()

async function counts() {
  const r = await server.database.db.execute(sql`select (select count(*)::int from messages) as m, (select count(*)::int from message_photos) as p`)
  const row = ((r as unknown as { rows?: unknown[] }).rows ?? (r as unknown as unknown[]))[0] as { m: number; p: number }
  return { messages: Number(row.m), photos: Number(row.p) }
}

function form(fields: Record<string, string>, photos: { name: string; type: string; bytes: Uint8Array }[] = []) {
  const f = new FormData()
  for (const [k, v] of Object.entries(fields)) f.append(k, v)
  for (const p of photos) f.append('photos', new Blob([p.bytes as Uint8Array<ArrayBuffer>], { type: p.type }), p.name)
  return f
}

const send = (from: U, to: U, content: string, extra: Record<string, unknown> = {}) =>
  server.http('POST', '/api/messages', { token: from.token, json: { receiverId: to.id, content, ...extra } })

describe('conversations and messages', () => {
  let a: U, b: U, c: U
  beforeAll(async () => {
    a = await signUp(server, { firstName: 'Ada', lastName: 'Lovelace' })
    b = await signUp(server, { firstName: 'Bob', lastName: 'Builder' })
    c = await signUp(server, { firstName: 'Cy', lastName: 'Third' })
  })

  it('sends JSON and multipart messages, lists the conversation newest first with unread counts', async () => {
    const first = await send(a, b, '  Hi Bob, is the garage free?  ')
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ content: 'Hi Bob, is the garage free?', isSystem: false, photos: [], sender: { _id: a.id, firstName: 'Ada' } })
    const photo = await png()
    const multi = await server.http('POST', '/api/messages', {
      token: a.token,
      body: form({ receiverId: b.id }, [{ name: 'garage.png', type: 'image/png', bytes: photo }]),
    })
    expect(multi.status).toBe(201)
    expect(multi.body.content).toBe('image')
    expect(multi.body.photos).toHaveLength(1)

    const list = await server.http('GET', '/api/conversations', { token: b.token })
    expect(list.status).toBe(200)
    expect(list.body).toHaveLength(1)
    expect(list.body[0]).toMatchObject({
      _id: a.id,
      // Only Ada has written so far: her address stays hers (user-email-privacy.test.ts).
      otherUser: { _id: a.id, firstName: 'Ada', lastName: 'Lovelace', email: '' },
      unreadCount: 2,
      lastMessage: { content: 'image' },
      // About no listing (message-listing.test.ts: a conversation about one).
      storageId: null,
    })

    const chat = await server.http('GET', `/api/messages/${a.id}`, { token: b.token })
    expect(chat.status).toBe(200)
    expect(chat.body.isAutoClosed).toBe(false)
    expect(chat.body.messages.map((m: { content: string }) => m.content)).toEqual(['Hi Bob, is the garage free?', 'image'])
    const after = await server.http('GET', '/api/conversations', { token: b.token })
    expect(after.body[0].unreadCount).toBe(0)

    // Both participants can fetch the photo, re-encoded as a PNG; a third user gets a 404.
    const photoId = multi.body.photos[0]
    for (const u of [a, b]) {
      const res = await fetch(`${server.base}/api/messages/photos/${photoId}`, { headers: { authorization: `Bearer ${u.token}` } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/png')
      const bytes = new Uint8Array(await res.arrayBuffer())
      expect([...bytes.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47])
    }
    const stranger = await fetch(`${server.base}/api/messages/photos/${photoId}`, { headers: { authorization: `Bearer ${c.token}` } })
    expect(stranger.status).toBe(404)
    const anonymous = await fetch(`${server.base}/api/messages/photos/${photoId}`)
    expect(anonymous.status).toBe(401)
  })

  it('a third user cannot read, list, or delete the conversation', async () => {
    const read = await server.http('GET', `/api/messages/${a.id}`, { token: c.token })
    expect(read.status).toBe(200)
    expect(read.body.messages).toEqual([])
    expect((await server.http('GET', '/api/conversations', { token: c.token })).body).toEqual([])
    const del = await server.http('DELETE', `/api/conversations/${a.id}`, { token: c.token })
    expect(del.status).toBe(404)
    expect(del.body.error).toBe('Conversation not found')
    expect((await server.http('GET', `/api/messages/${b.id}`, { token: a.token })).body.messages).toHaveLength(2)
  })

  it('deleting removes only my view; a new message revives it with only the new history', async () => {
    const del = await server.http('DELETE', `/api/conversations/${b.id}`, { token: a.token })
    expect(del.status).toBe(200)
    expect((await server.http('GET', '/api/conversations', { token: a.token })).body).toEqual([])
    expect((await server.http('GET', `/api/messages/${b.id}`, { token: a.token })).body.messages).toEqual([])
    expect((await server.http('GET', `/api/messages/${a.id}`, { token: b.token })).body.messages).toHaveLength(2)

    expect((await send(b, a, 'Still there?')).status).toBe(201)
    const list = await server.http('GET', '/api/conversations', { token: a.token })
    expect(list.body).toHaveLength(1)
    expect(list.body[0]).toMatchObject({ _id: b.id, unreadCount: 1, lastMessage: { content: 'Still there?' } })
    const chat = await server.http('GET', `/api/messages/${b.id}`, { token: a.token })
    expect(chat.body.messages.map((m: { content: string }) => m.content)).toEqual(['Still there?'])
  })

  it('the same clientId from the same sender creates one message, even posted concurrently', async () => {
    const before = await counts()
    const clientId = 'c-' + crypto.randomUUID()
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        i % 2
          ? send(a, b, 'only once', { clientId })
          : server.http('POST', '/api/messages', { token: a.token, body: form({ receiverId: b.id, content: 'only once', clientId }) }),
      ),
    )
    for (const r of results) expect([200, 201]).toContain(r.status)
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(new Set(results.map((r) => r.body._id)).size).toBe(1)
    expect(results[0]!.body.clientId).toBe(clientId)
    expect((await counts()).messages).toBe(before.messages + 1)
    // Another sender may use the same clientId for their own message.
    expect((await send(b, a, 'mine', { clientId })).status).toBe(201)
  })

  it('refuses bad messages with a 400 and a message, storing nothing', async () => {
    const before = await counts()
    const tooLong = await send(a, b, 'x'.repeat(1001))
    expect(tooLong.status).toBe(400)
    expect(tooLong.body).toMatchObject({ error: 'Message is too long. Please keep it under 1000 characters.', field: 'content' })
    const longMultipart = await server.http('POST', '/api/messages', { token: a.token, body: form({ receiverId: b.id, content: 'y'.repeat(1001) }) })
    expect(longMultipart.status).toBe(400)
    expect(longMultipart.body.error).toBe('Message is too long. Please keep it under 1000 characters.')

    const small = await png(8, 8)
    const six = await server.http('POST', '/api/messages', {
      token: a.token,
      body: form(
        { receiverId: b.id },
        Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, type: 'image/png', bytes: small })),
      ),
    })
    expect(six.status).toBe(400)
    expect(six.body).toMatchObject({ error: 'Maximum 5 photos allowed', field: 'photos' })

    // Three photos of 3.7MB each: each under 5MB, 11MB in all.
    const big = new Uint8Array(3.7 * 1024 * 1024)
    big.set(small.subarray(0, 16))
    const total = await server.http('POST', '/api/messages', {
      token: a.token,
      body: form(
        { receiverId: b.id },
        [0, 1, 2].map((i) => ({ name: `big${i}.png`, type: 'image/png', bytes: big })),
      ),
    })
    expect(total.status).toBe(400)
    expect(total.body.error).toBe('Total photo size exceeds 10MB limit')

    const huge = await server.http('POST', '/api/messages', {
      token: a.token,
      body: form({ receiverId: b.id }, [{ name: 'huge.png', type: 'image/png', bytes: new Uint8Array(5 * 1024 * 1024 + 10) }]),
    })
    expect(huge.status).toBe(400)
    expect(huge.body.error).toBe('Photo 1 exceeds 5MB limit')

    const pdf = new TextEncoder().encode('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer\n%%EOF')
    const fake = await server.http('POST', '/api/messages', {
      token: a.token,
      body: form({ receiverId: b.id }, [{ name: 'invoice.jpg', type: 'image/jpeg', bytes: pdf }]),
    })
    expect(fake.status).toBe(400)
    expect(fake.body).toMatchObject({ error: 'invoice.jpg is not an image file', field: 'photos' })

    // Image magic bytes but no real image behind them.
    const broken = await server.http('POST', '/api/messages', {
      token: a.token,
      body: form({ receiverId: b.id }, [{ name: 'broken.png', type: 'image/png', bytes: small.subarray(0, 40) }]),
    })
    expect(broken.status).toBe(400)

    const empty = await send(a, b, '   ')
    expect(empty.status).toBe(400)
    expect(empty.body.field).toBe('content')
    const self = await send(a, a, 'me')
    expect(self.status).toBe(400)
    expect(self.body).toMatchObject({ error: 'You cannot send a message to yourself.', field: 'receiverId' })
    const unknown = await send(a, { ...a, id: crypto.randomUUID() }, 'hello?')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe('User not found.')
    const badId = await send(a, { ...a, id: 'nope' }, 'hello?')
    expect(badId.status).toBe(400)
    expect(badId.body.field).toBe('receiverId')
    const badClient = await send(a, b, 'x', { clientId: 'bad id!' })
    expect(badClient.status).toBe(400)
    expect(badClient.body.field).toBe('clientId')
    expect(await counts()).toEqual(before)
  })

  it('needs a signed-in user for every call', async () => {
    for (const [method, path] of [
      ['GET', '/api/conversations'],
      ['GET', `/api/messages/${a.id}`],
      ['POST', '/api/messages'],
      ['DELETE', `/api/conversations/${a.id}`],
      ['GET', `/api/users/find-by-email/${encodeURIComponent(a.email)}`],
    ] as const) {
      expect((await server.http(method, path, method === 'POST' ? { json: { receiverId: a.id, content: 'x' } } : {})).status, path).toBe(401)
    }
  })

  it('finding a user by email is for admins only (user-email-privacy.test.ts covers admins)', async () => {
    const found = await server.http('GET', `/api/users/find-by-email/${encodeURIComponent(b.email.toUpperCase())}`, { token: a.token })
    expect(found.status).toBe(403)
    expect(JSON.stringify(found.body)).not.toContain(b.id)
  })
})

describe('polling is cheap: ETag and 304', () => {
  it('answers 304 when nothing changed and 200 with a new tag when something did', async () => {
    const a = await signUp(server)
    const b = await signUp(server)
    await send(a, b, 'one')
    const list = await server.http('GET', '/api/conversations', { token: a.token })
    const listTag = list.headers.get('etag')!
    expect(listTag).toBeTruthy()
    expect(list.headers.get('cache-control')).toBe('private, no-cache')
    const same = await server.http('GET', '/api/conversations', { token: a.token, headers: { 'if-none-match': listTag } })
    expect(same.status).toBe(304)
    expect(same.body).toBeUndefined()

    const chat = await server.http('GET', `/api/messages/${b.id}`, { token: a.token })
    const chatTag = chat.headers.get('etag')!
    expect((await server.http('GET', `/api/messages/${b.id}`, { token: a.token, headers: { 'if-none-match': chatTag } })).status).toBe(304)
    // The other user's tag differs (per-user), so a tag cannot leak across accounts.
    const theirs = await server.http('GET', `/api/messages/${a.id}`, { token: b.token, headers: { 'if-none-match': chatTag } })
    expect(theirs.status).toBe(200)

    await send(b, a, 'two')
    const changed = await server.http('GET', `/api/messages/${b.id}`, { token: a.token, headers: { 'if-none-match': chatTag } })
    expect(changed.status).toBe(200)
    expect(changed.body.messages).toHaveLength(2)
    expect(changed.headers.get('etag')).not.toBe(chatTag)
    const listChanged = await server.http('GET', '/api/conversations', { token: a.token, headers: { 'if-none-match': listTag } })
    expect(listChanged.status).toBe(200)
    expect(listChanged.body[0].lastMessage.content).toBe('two')
  })

  it('reading marks the conversation read even when the answer is a 304', async () => {
    const a = await signUp(server)
    const b = await signUp(server)
    await send(a, b, 'hello')
    const first = await server.http('GET', `/api/messages/${a.id}`, { token: b.token })
    const tag = first.headers.get('etag')!
    // Simulate an unread count left behind (e.g. a read that raced a send) without a new message.
    await server.database.db.update(conversationMembers).set({ unreadCount: 3 }).where(eq(conversationMembers.userId, b.id))
    // Every write path says what it changed (db/change-feed.ts); so does this one.
    await conversationChanged(server.database.db, a.id, b.id)
    const again = await server.http('GET', `/api/messages/${a.id}`, { token: b.token, headers: { 'if-none-match': tag } })
    expect(again.status).toBe(304)
    const list = await server.http('GET', '/api/conversations', { token: b.token })
    expect(list.body[0].unreadCount).toBe(0)
  })
})

describe('auto-closed conversations', () => {
  it('a deactivated account closes the conversation: isAutoClosed and a 409 on send', async () => {
    const a = await signUp(server)
    const b = await signUp(server)
    await send(a, b, 'before')
    await server.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, b.id))
    const chat = await server.http('GET', `/api/messages/${b.id}`, { token: a.token })
    expect(chat.body.isAutoClosed).toBe(true)
    expect(chat.body.messages).toHaveLength(1)
    const list = await server.http('GET', '/api/conversations', { token: a.token })
    expect(list.body[0].isAutoClosed).toBe(true)
    const refused = await send(a, b, 'after')
    expect(refused.status).toBe(409)
    expect(refused.body.error).toBe('This conversation has been closed. You can no longer send messages here.')
  })

  it('an admin can close and reopen a conversation; others cannot', async () => {
    const admin = await signUpVerified(server, { email: ADMIN_EMAIL })
    const a = await signUp(server)
    const b = await signUp(server)
    await send(a, b, 'hi')
    const path = `/api/admin/conversations/${a.id}/${b.id}`
    expect((await server.http('POST', `${path}/close`, { token: a.token })).status).toBe(403)
    expect((await server.http('POST', `${path}/close`, { token: admin.token })).status).toBe(200)
    expect((await server.http('GET', `/api/messages/${a.id}`, { token: b.token })).body.isAutoClosed).toBe(true)
    expect((await send(b, a, 'blocked')).status).toBe(409)
    expect((await server.http('POST', `${path}/reopen`, { token: admin.token })).status).toBe(200)
    expect((await send(b, a, 'open again')).status).toBe(201)
    expect((await server.http('POST', `/api/admin/conversations/${a.id}/${admin.id}/close`, { token: admin.token })).status).toBe(404)
  })
})
