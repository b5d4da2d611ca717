// @module-tag postgres — message pages by cursor (timestamps to the microsecond)
import { request as httpRequest } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { insertMessage } from '../../src/modules/messaging/queries/messages'
import { users } from '../../src/db/schema/users'
import { signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'

let server: TestServer
const ADMIN_EMAIL = 'pages-admin@example.com'
beforeAll(async () => {
  server = await startTestServer({ adminEmails: [ADMIN_EMAIL] })
})
afterAll(() => server.close())

type U = Awaited<ReturnType<typeof signUp>>
interface Msg {
  _id: string
  seq: number
  content: string
}

const chat = (u: U, other: U, query = '', etag?: string) =>
  server.http('GET', `/api/messages/${other.id}${query}`, { token: u.token, headers: etag ? { 'if-none-match': etag } : {} })
const send = (from: U, to: U, content: string) => server.http('POST', '/api/messages', { token: from.token, json: { receiverId: to.id, content } })
/** Many messages at once, through the same write as the API (seq order, change feed). */
async function seed(from: U, to: U, n: number, label: string) {
  for (let i = 0; i < n; i++)
    await insertMessage(server.database.db, { senderId: i % 2 ? to.id : from.id, receiverId: i % 2 ? from.id : to.id, content: `${label} ${i}` })
}
const contents = (body: { messages: Msg[] }) => body.messages.map((m) => m.content)

describe('a chat in pages', () => {
  let a: U, b: U, c: U
  beforeAll(async () => {
    a = await signUp(server, { firstName: 'Ada', lastName: 'Pages' })
    b = await signUp(server, { firstName: 'Bob', lastName: 'Pages' })
    c = await signUp(server, { firstName: 'Cy', lastName: 'Outsider' })
    await seed(a, b, 130, 'm')
  })

  it('opens at the latest page of 50, oldest first, saying older ones exist', async () => {
    const res = await chat(a, b)
    expect(res.status).toBe(200)
    expect(res.body.messages).toHaveLength(50)
    expect(contents(res.body)[0]).toBe('m 80')
    expect(contents(res.body).at(-1)).toBe('m 129')
    expect(res.body.hasOlder).toBe(true)
    expect(res.body.limited).toBe(false)
    const seqs = res.body.messages.map((m: Msg) => m.seq)
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y))
  })

  it('older pages by cursor have no gap or duplicate while messages arrive between pages', async () => {
    const seen: Msg[] = []
    let page = await chat(a, b, '?limit=40')
    seen.unshift(...page.body.messages)
    let arrived = 0
    while (page.body.hasOlder) {
      // Someone writes while the reader scrolls up: it must not shift what the older pages hold.
      await send(b, a, `arrived ${arrived++}`)
      page = await chat(a, b, `?before=${seen[0]!.seq}&limit=40`)
      expect(page.status).toBe(200)
      seen.unshift(...page.body.messages)
    }
    expect(seen.map((m) => m.content)).toEqual(Array.from({ length: 130 }, (_, i) => `m ${i}`))
    expect(new Set(seen.map((m) => m._id)).size).toBe(130)
    expect(arrived).toBe(3)
  })

  it('a poll after the newest seq held returns exactly the new messages, and a 304 when nothing changed', async () => {
    const latest = await chat(a, b)
    const newest = latest.body.messages.at(-1).seq as number
    const none = await chat(a, b, `?after=${newest}`)
    expect(none.status).toBe(200)
    expect(none.body.messages).toEqual([])
    const tag = none.headers.get('etag')!
    const again = await chat(a, b, `?after=${newest}`, tag)
    expect(again.status).toBe(304)

    await send(b, a, 'new one')
    await send(a, b, 'new two')
    const delta = await chat(a, b, `?after=${newest}`, tag)
    expect(delta.status).toBe(200)
    expect(contents(delta.body)).toEqual(['new one', 'new two'])
    expect(delta.body.limited).toBe(false)
    // The other side's poll sees the same two, in the same order.
    expect(contents((await chat(b, a, `?after=${newest}`)).body)).toEqual(['new one', 'new two'])
  })

  it('an unchanged poll with a cursor is answered from memory, with no database query', async () => {
    const latest = await chat(a, b)
    const query = `?after=${latest.body.messages.at(-1).seq}`
    const first = await chat(a, b, query)
    const before = server.database.queryCount()
    const again = await chat(a, b, query, first.headers.get('etag')!)
    expect(again.status).toBe(304)
    expect(server.database.queryCount() - before).toBe(0)
  })

  it('a poll that missed more than a page gets the latest page, marked limited', async () => {
    const newest = (await chat(a, b)).body.messages.at(-1).seq as number
    await seed(b, a, 12, 'burst')
    const res = await chat(a, b, `?after=${newest}&limit=10`)
    expect(res.body.limited).toBe(true)
    expect(contents(res.body)).toEqual(Array.from({ length: 10 }, (_, i) => `burst ${i + 2}`))
    expect(res.body.hasOlder).toBe(true)
  })

  it('"Seen": the other side reading my last message reaches my open chat', async () => {
    const mine = (await send(a, b, 'Are you there?')).body as Msg
    const open = await chat(a, b, `?after=${mine.seq}`)
    expect(open.body.otherReadSeq).toBeLessThan(mine.seq)
    const tag = open.headers.get('etag')!
    expect((await chat(a, b, `?after=${mine.seq}`, tag)).status).toBe(304)
    await chat(b, a) // Bob opens the chat
    const seen = await chat(a, b, `?after=${mine.seq}`, tag)
    expect(seen.status).toBe(200)
    expect(seen.body.messages).toEqual([])
    expect(seen.body.otherReadSeq).toBeGreaterThanOrEqual(mine.seq)
  })

  it('deleting my view reaches my other open chat: the cleared point moves past everything', async () => {
    const d = await signUp(server, { firstName: 'Dee' })
    await seed(a, d, 5, 'gone')
    const open = await chat(a, d)
    const newest = open.body.messages.at(-1).seq as number
    expect((await server.http('DELETE', `/api/conversations/${d.id}`, { token: a.token })).status).toBe(200)
    const poll = await chat(a, d, `?after=${newest}`, open.headers.get('etag')!)
    expect(poll.status).toBe(200)
    expect(poll.body.clearedSeq).toBeGreaterThanOrEqual(newest)
    expect(poll.body.messages).toEqual([])
    expect((await chat(a, d)).body.messages).toEqual([])
    // Dee keeps everything.
    expect(contents((await chat(d, a)).body)).toHaveLength(5)
  })

  it('an admin closing the conversation reaches an open chat (isAutoClosed)', async () => {
    const admin = await signUpVerified(server, { email: ADMIN_EMAIL })
    const open = await chat(b, a)
    const newest = open.body.messages.at(-1).seq as number
    const first = await chat(b, a, `?after=${newest}`)
    expect(first.body.isAutoClosed).toBe(false)
    expect((await server.http('POST', `/api/admin/conversations/${a.id}/${b.id}/close`, { token: admin.token })).status).toBe(200)
    const closed = await chat(b, a, `?after=${newest}`, first.headers.get('etag')!)
    expect(closed.status).toBe(200)
    expect(closed.body.isAutoClosed).toBe(true)
    expect((await server.http('POST', `/api/admin/conversations/${a.id}/${b.id}/reopen`, { token: admin.token })).status).toBe(200)
  })

  it('a third user sees nothing of the pair, whatever the cursor', async () => {
    for (const q of ['', '?after=0', '?before=999999999', '?limit=200']) {
      const res = await chat(c, a, q)
      expect(res.status).toBe(200)
      expect(res.body.messages).toEqual([])
      expect(res.body.otherUser.email).toBe('')
    }
  })

  it('refuses a bad cursor with a 400 naming the field, and storing nothing', async () => {
    const cases: [string, string][] = [
      ['?before=-1', 'before'],
      ['?after=abc', 'after'],
      ['?limit=0', 'limit'],
      ['?limit=201', 'limit'],
      ['?before=5&after=3', 'after'],
    ]
    for (const [q, field] of cases) {
      const res = await chat(a, b, q)
      expect(res.status, q).toBe(400)
      expect(res.body.field, q).toBe(field)
      expect(res.body.error, q).toMatch(new RegExp(field))
    }
  })
})

/** GET with a chosen Accept-Encoding, the raw bytes as sent (fetch would decode them). */
function rawGet(path: string, token: string, encoding: string): Promise<{ headers: Record<string, unknown>; body: Buffer }> {
  const url = new URL(path, server.base)
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('compressed answers', () => {
  it('a page of history goes out as brotli or gzip, as accepted, and decodes to the same JSON', async () => {
    const a = await signUp(server, { firstName: 'Zip' })
    const b = await signUp(server, { firstName: 'Zap' })
    await seed(a, b, 60, 'A message long enough to make the page worth compressing, about the garage and its door code')
    const path = `/api/messages/${b.id}`
    const plain = await rawGet(path, a.token, 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    const json = JSON.parse(plain.body.toString('utf8'))
    expect(json.messages).toHaveLength(50)

    const br = await rawGet(path, a.token, 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(json)
    expect(br.body.length).toBeLessThan(plain.body.length / 4)

    const gz = await rawGet(path, a.token, 'gzip')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(JSON.parse(gunzipSync(gz.body).toString('utf8'))).toEqual(json)
  })

  it('a small answer stays as it is', async () => {
    const a = await signUp(server)
    const res = await rawGet('/api/health', a.token, 'br, gzip')
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(res.body.toString('utf8')).ok).toBe(true)
  })
})

describe('the conversation list in pages', () => {
  let host: U
  const N = 120
  beforeAll(async () => {
    host = await signUp(server, { firstName: 'Busy', lastName: 'Host' })
    const stamp = Date.now()
    const renters = await server.database.db
      .insert(users)
      .values(
        Array.from({ length: N }, (_, i) => ({
          email: `renter-${stamp}-${i}@example.com`,
          passwordHash: 'x',
          firstName: `Renter${i}`,
          lastName: 'Paged',
          referralCode: `P${stamp}${i}`,
        })),
      )
      .returning({ id: users.id })
    for (const [i, r] of renters.entries()) await insertMessage(server.database.db, { senderId: r.id, receiverId: host.id, content: `hello ${i}` })
  })

  const page = (query: string, etag?: string) =>
    server.http('GET', `/api/conversations${query}`, { token: host.token, headers: etag ? { 'if-none-match': etag } : {} })

  it('pages by cursor cover every conversation once, newest first, with the totals', async () => {
    const names: string[] = []
    let res = await page('?limit=50')
    expect(res.body.total).toBe(N)
    expect(res.body.unreadTotal).toBe(N)
    names.push(...res.body.conversations.map((c: { lastMessage: { content: string } }) => c.lastMessage.content))
    while (res.body.nextCursor) {
      res = await page(`?limit=50&cursor=${res.body.nextCursor}`)
      expect(res.status).toBe(200)
      names.push(...res.body.conversations.map((c: { lastMessage: { content: string } }) => c.lastMessage.content))
    }
    expect(names).toEqual(Array.from({ length: N }, (_, i) => `hello ${N - 1 - i}`))
    // Without a limit, the spec's plain array of all of them.
    const all = await server.http('GET', '/api/conversations', { token: host.token })
    expect(Array.isArray(all.body)).toBe(true)
    expect(all.body).toHaveLength(N)
  })

  it('an unchanged page is a 304 from memory; a new message changes it', async () => {
    const first = await page('?limit=50')
    const before = server.database.queryCount()
    expect((await page('?limit=50', first.headers.get('etag')!)).status).toBe(304)
    expect(server.database.queryCount() - before).toBe(0)
    const someone = await signUp(server, { firstName: 'Newcomer' })
    await send(someone, host, 'is the shed free?')
    const changed = await page('?limit=50', first.headers.get('etag')!)
    expect(changed.status).toBe(200)
    expect(changed.body.conversations[0].lastMessage.content).toBe('is the shed free?')
    expect(changed.body.total).toBe(N + 1)
  })

  it('refuses a cursor it did not give with a 400 naming it', async () => {
    const res = await page('?limit=50&cursor=../../etc')
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('cursor')
  })
})
