// @module-tag postgres — several instances over one database: LISTEN/NOTIFY
// Two instances of the app on one PostgreSQL, as behind a load balancer: what one is told, the other
// knows on the next call (LISTEN/NOTIFY), and limits are counted once. Needs DATABASE_URL.
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../src/app'
import { testConfig } from '../src/config'
import { CHANGE_CHANNEL } from '../src/db/change-feed'
import { openCountedDatabase, openTestDatabase, serveTestApp, signUp, type CountedDatabase, type TestServer } from './helpers'
import { createListing } from './storage-fixtures'

const enabled = Boolean(process.env.DATABASE_URL)

async function instance(database: CountedDatabase): Promise<TestServer> {
  // A slow reconnect, so the test can look at an instance while its LISTEN connection is down.
  const app = await buildApp({ config: testConfig({ searchCacheSeconds: 60, listenReconnectMs: 1500 }), database })
  return serveTestApp(app, database, { keepDatabase: true })
}

/**
 * Waits until `server` has heard every notification sent so far: they arrive in commit order, a moment
 * after the write that sent them answered, so a marker sent now comes after them.
 */
async function heard(server: TestServer) {
  const marker = `marker:${randomUUID()}`
  await server.database.query('select pg_notify($1, $2)', [CHANGE_CHANNEL, marker])
  for (let i = 0; i < 400 && server.app.changes.versions.versionOf(marker) === 0; i++) await new Promise((r) => setTimeout(r, 5))
  expect(server.app.changes.versions.versionOf(marker)).toBeGreaterThan(0)
}

describe.skipIf(!enabled)('two instances on one PostgreSQL', () => {
  let shared: CountedDatabase, second: CountedDatabase
  let a: TestServer, b: TestServer
  beforeAll(async () => {
    shared = await openTestDatabase()
    second = await openCountedDatabase({ databaseUrl: shared.url, dataDir: '' })
    a = await instance(shared)
    b = await instance(second)
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await second?.close()
    await shared?.close()
  })

  type U = Awaited<ReturnType<typeof signUp>>
  const tagOf = async (s: TestServer, u: U, path: string) => {
    const first = await s.http('GET', path, { token: u.token })
    expect(first.status).toBe(200)
    const tag = first.headers.get('etag')!
    expect((await s.http('GET', path, { token: u.token, headers: { 'if-none-match': tag } })).status).toBe(304)
    return tag
  }

  it('a message sent through one is returned by a poll on the other', async () => {
    const ada = await signUp(a, { firstName: 'Ada' })
    const bob = await signUp(a, { firstName: 'Bob' })
    await a.http('POST', '/api/messages', { token: ada.token, json: { receiverId: bob.id, content: 'hello' } })
    const chatTag = await tagOf(b, bob, `/api/messages/${ada.id}`)
    const listTag = await tagOf(b, bob, '/api/conversations')
    expect((await a.http('POST', '/api/messages', { token: ada.token, json: { receiverId: bob.id, content: 'through A' } })).status).toBe(201)
    await heard(b)
    const chat = await b.http('GET', `/api/messages/${ada.id}`, { token: bob.token, headers: { 'if-none-match': chatTag } })
    expect(chat.status).toBe(200)
    expect(chat.body.messages.at(-1).content).toBe('through A')
    const list = await b.http('GET', '/api/conversations', { token: bob.token, headers: { 'if-none-match': listTag } })
    expect(list.status).toBe(200)
    expect(list.body[0].lastMessage.content).toBe('through A')
  })

  it('a logout on one is a 401 on the other', async () => {
    const u = await signUp(a)
    expect((await b.http('GET', '/api/user-profile', { token: u.token })).status).toBe(200)
    expect((await a.http('POST', '/api/auth/logout', { token: u.token })).status).toBe(200)
    await heard(b)
    expect((await b.http('GET', '/api/user-profile', { token: u.token })).status).toBe(401)
  })

  it("a listing edited on one is fresh in the other's search", async () => {
    const host = await signUp(a)
    const listing = await createListing(a, host.token, {
      title: 'Wascana garage',
      address: { street: '9 Lake Dr', city: 'Regina', state: 'SK', postalCode: 'S4S 0A1', country: 'CA' },
      lat: 50.43,
      lng: -104.61,
    })
    const search = () => b.http('GET', '/api/storages?q=regina')
    expect((await search()).body.map((s: { title: string }) => s.title)).toEqual(['Wascana garage'])
    expect(b.app.searchCache.size).toBeGreaterThan(0)
    expect((await a.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { title: 'Wascana double garage' } })).status).toBe(200)
    await heard(b)
    expect((await search()).body.map((s: { title: string }) => s.title)).toEqual(['Wascana double garage'])
  })

  it("a host renamed on one is fresh in the other's search", async () => {
    const host = await signUp(a, { firstName: 'Odile', lastName: 'Roy' })
    await createListing(a, host.token, {
      title: 'Batoche barn loft',
      address: { street: '1 River Rd', city: 'Saskatoon', state: 'SK', postalCode: 'S7K 0A1', country: 'CA' },
      lat: 52.13,
      lng: -106.67,
    })
    const hostOf = async () => (await b.http('GET', '/api/storages?q=batoche')).body.map((s: { host: { firstName: string } }) => s.host.firstName)
    expect(await hostOf()).toEqual(['Odile'])
    expect((await a.http('PATCH', '/api/user-profile', { token: host.token, json: { firstName: 'Odette' } })).status).toBe(200)
    await heard(b)
    expect(await hostOf()).toEqual(['Odette'])
  })

  it('a rate limit is counted across both', async () => {
    // check-email: 30 a minute per IP; 15 through each instance use it up.
    const check = (s: TestServer) => s.http('POST', '/api/auth/check-email', { json: { email: 'someone@example.com' } })
    for (let i = 0; i < 15; i++) {
      expect((await check(a)).status).toBe(200)
      expect((await check(b)).status).toBe(200)
    }
    expect((await check(a)).status).toBe(429)
    expect((await check(b)).status).toBe(429)
  })

  it('a dropped LISTEN connection is re-established, and nothing is served from memory meanwhile', async () => {
    const ada = await signUp(a)
    const bob = await signUp(a)
    await a.http('POST', '/api/messages', { token: ada.token, json: { receiverId: bob.id, content: 'first' } })
    const chatTag = await tagOf(b, bob, `/api/messages/${ada.id}`)
    const versions = b.app.changes.versions
    expect(versions.size.etags).toBeGreaterThan(0)
    expect(versions.size.sessions).toBeGreaterThan(0)

    // The server ends B's LISTEN connection (a restart, a failover, a proxy's idle timeout).
    const pid = b.app.changes.listenerPid()!
    const admin = new pg.Client({ connectionString: shared.url })
    await admin.connect()
    await admin.query('select pg_terminate_backend($1)', [pid])
    await admin.end()
    for (let i = 0; i < 200 && versions.live; i++) await new Promise((r) => setTimeout(r, 5))
    expect(versions.live).toBe(false)
    expect(versions.size).toMatchObject({ etags: 0, sessions: 0 })

    // A message B cannot hear about: B asks the database, so the poll is not a stale 304.
    await a.http('POST', '/api/messages', { token: ada.token, json: { receiverId: bob.id, content: 'while B was deaf' } })
    const queries = b.database.queryCount()
    const chat = await b.http('GET', `/api/messages/${ada.id}`, { token: bob.token, headers: { 'if-none-match': chatTag } })
    expect(chat.status).toBe(200)
    expect(chat.body.messages.at(-1).content).toBe('while B was deaf')
    expect(b.database.queryCount()).toBeGreaterThan(queries)
    expect(b.app.changes.listenerPid()).toBeUndefined()

    // It listens again by itself, and answers from memory again.
    await b.app.changes.ready()
    expect(versions.live).toBe(true)
    expect(b.app.changes.listenerPid()).not.toBe(pid)
    const tag = await tagOf(b, bob, `/api/messages/${ada.id}`)
    await a.http('POST', '/api/messages', { token: ada.token, json: { receiverId: bob.id, content: 'after the reconnect' } })
    await heard(b)
    expect((await b.http('GET', `/api/messages/${ada.id}`, { token: bob.token, headers: { 'if-none-match': tag } })).status).toBe(200)
  })
})
