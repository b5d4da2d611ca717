// "Message host" (issue 41): the first message of a chat opened from a listing carries that listing, the
// server checks it is a listing of the person written to, and both sides then see it on the conversation
// (the list and the chat), without the ?about= the renter's link had.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

type U = Awaited<ReturnType<typeof signUp>>

const send = (from: U, to: U, fields: Record<string, string>, multipart = false) => {
  if (!multipart) return server.http('POST', '/api/messages', { token: from.token, json: { receiverId: to.id, ...fields } })
  const form = new FormData()
  form.append('receiverId', to.id)
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  return server.http('POST', '/api/messages', { token: from.token, body: form })
}

async function messageCount() {
  const r = await server.database.db.execute(sql`select count(*)::int as n from messages`)
  return Number((((r as unknown as { rows?: unknown[] }).rows ?? (r as unknown as unknown[]))[0] as { n: number }).n)
}

describe('a conversation started about a listing', () => {
  let host: U, renter: U, stranger: U
  let garage: { id: string }, shed: { id: string }, draft: { id: string }, strangers: { id: string }
  beforeAll(async () => {
    host = await signUp(server, { firstName: 'Hana', lastName: 'Host' })
    renter = await signUp(server, { firstName: 'Remy', lastName: 'Renter' })
    stranger = await signUp(server, { firstName: 'Sol', lastName: 'Other' })
    garage = await createListing(server, host.token, { title: 'Hana garage' })
    shed = await createListing(server, host.token, { title: 'Hana shed' })
    draft = await createListing(server, host.token, { title: 'Hana draft', status: 'draft' })
    strangers = await createListing(server, stranger.token, { title: 'Sol attic' })
  })

  it('refuses a listing that is not one of the other person’s published listings, with a 400 naming storageId, storing nothing', async () => {
    const before = await messageCount()
    for (const storageId of [crypto.randomUUID(), strangers.id, draft.id]) {
      const res = await send(renter, host, { content: 'Is it free?', storageId })
      expect(res.status, storageId).toBe(400)
      expect(res.body).toMatchObject({ field: 'storageId' })
      expect(res.body.error).toMatch(/listing/)
    }
    // The host writing "about" their own listing to the renter: it is not the renter's listing.
    const own = await send(host, renter, { content: 'Mine', storageId: garage.id }, true)
    expect(own.status).toBe(400)
    expect(own.body.field).toBe('storageId')
    expect(await messageCount()).toBe(before)
    expect((await server.http('GET', '/api/conversations', { token: host.token })).body).toEqual([])
  })

  it('the first message carries the listing; the host sees it in the list and the chat, the renter without ?about=', async () => {
    // The outbox's shape: multipart with an idempotency key.
    const clientId = 'c-' + crypto.randomUUID()
    const first = await send(renter, host, { content: 'Is the garage free in March?', clientId, storageId: garage.id }, true)
    expect(first.status).toBe(201)
    // A replay of the same queued message (its answer lost) is the same message.
    const replay = await send(renter, host, { content: 'Is the garage free in March?', clientId, storageId: garage.id }, true)
    expect(replay.status).toBe(200)
    expect(replay.body._id).toBe(first.body._id)

    const list = await server.http('GET', '/api/conversations', { token: host.token })
    expect(list.body).toMatchObject([{ _id: renter.id, storageId: garage.id, lastMessage: { content: 'Is the garage free in March?' } }])
    const hostChat = await server.http('GET', `/api/messages/${renter.id}`, { token: host.token })
    expect(hostChat.body.storageId).toBe(garage.id)
    const renterChat = await server.http('GET', `/api/messages/${host.id}`, { token: renter.token })
    expect(renterChat.body.storageId).toBe(garage.id)

    // Later messages without a listing (the host's reply) leave it as it is.
    expect((await send(host, renter, { content: 'Yes, it is.' })).status).toBe(201)
    expect((await server.http('GET', `/api/messages/${host.id}`, { token: renter.token })).body.storageId).toBe(garage.id)
  })

  it('asking the same host about another listing moves the conversation to that listing, and a poll learns of it', async () => {
    const before = await server.http('GET', `/api/messages/${renter.id}`, { token: host.token })
    const etag = before.headers.get('etag')!
    const listTag = (await server.http('GET', '/api/conversations', { token: host.token })).headers.get('etag')!
    expect((await send(renter, host, { content: 'And the shed?', storageId: shed.id })).status).toBe(201)
    const after = await server.http('GET', `/api/messages/${renter.id}`, { token: host.token, headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect(after.body.storageId).toBe(shed.id)
    const list = await server.http('GET', '/api/conversations', { token: host.token, headers: { 'if-none-match': listTag } })
    expect(list.status).toBe(200)
    expect(list.body[0].storageId).toBe(shed.id)
  })

  it('a conversation about no listing says so', async () => {
    expect((await send(stranger, renter, { content: 'Hello' })).status).toBe(201)
    const chat = await server.http('GET', `/api/messages/${stranger.id}`, { token: renter.token })
    expect(chat.body.storageId).toBeNull()
  })
})
