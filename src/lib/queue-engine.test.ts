// The queue engine's one policy: order, retry with backoff, the deadline, the 401 rule, refusals with
// the server's reason, and the idempotency key a repeated send carries.
import 'fake-indexeddb/auto'
import { createStore, get, set, type UseStore } from 'idb-keyval'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { dropOtherUsers, flushQueue, listQueue, requeue, retryDelay, type QueueDef, type QueuedRecord } from './queue-engine'

interface Note extends QueuedRecord {
  id: string
  text: string
  seq: number
}

const def: QueueDef<Note> = {
  name: `test-${Math.random()}`,
  key: (n) => n.id,
  idempotencyKey: (n) => `key-${n.id}`,
  request: (n) => ({ path: 'notes', init: { method: 'POST', body: JSON.stringify({ text: n.text }), headers: { 'Content-Type': 'application/json' } } }),
  deadlineMs: () => 50,
  refusedText: 'Not taken.',
}
const session = { token: 'tok', userId: 'me', apiUrl: 'http://api.test/api/' }

let n = 0
let store: UseStore
let seq = 0
beforeEach(() => {
  // A fresh store per test: the default one keeps its old connection.
  store = createStore(`queue-engine-test-${n++}`, 'records')
})
afterEach(() => vi.useRealTimers())

const add = (id: string, userId = 'me') => set(id, { id, userId, text: id, seq: ++seq, status: 'pending', attempts: 0 } satisfies Note, store)

type Mode = 'ok' | 'down' | 'hang' | '401' | '503' | '409' | 'portal' | 'lost'
/** A fake API: stores each idempotency key once; 'lost' stores it and then the answer never arrives. */
function fakeApi(script: Record<string, Mode> = {}) {
  const stored: string[] = []
  const keys = new Set<string>()
  const calls: { url: string; key: string | null; auth: string | null }[] = []
  const fetch = vi.fn((url: string, init: RequestInit) => {
    const headers = new Headers(init.headers)
    const key = headers.get('idempotency-key')
    calls.push({ url, key, auth: headers.get('authorization') })
    const text = (JSON.parse(String(init.body)) as { text: string }).text
    const mode = script[text] ?? 'ok'
    const store = () => {
      if (!keys.has(key!)) stored.push(text)
      keys.add(key!)
    }
    const hang = () => new Promise<Response>((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
    switch (mode) {
      case 'down':
        return Promise.reject(new TypeError('Failed to fetch'))
      case 'hang':
        return hang()
      case 'lost':
        store()
        return hang()
      case '401':
        return Promise.resolve(new Response(JSON.stringify({ error: 'Please log in again' }), { status: 401 }))
      case '503':
        return Promise.resolve(new Response('<html>Service Unavailable</html>', { status: 503 }))
      case '409':
        return Promise.resolve(new Response(JSON.stringify({ error: 'This booking request has expired.' }), { status: 409 }))
      case 'portal':
        return Promise.resolve(new Response('<html>Sign in to the Wi-Fi</html>', { status: 200, headers: { 'content-type': 'text/html' } }))
      default:
        store()
        return Promise.resolve(new Response(JSON.stringify({ id: text }), { status: 201 }))
    }
  })
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls, stored, script }
}

const ids = async (userId = 'me') => (await listQueue<Note>(store, userId)).map((r) => [r.id, r.status, r.attempts])

describe('the queue engine', () => {
  it('sends in order with the token and the idempotency key, and empties the queue', async () => {
    for (const id of ['a', 'b', 'c']) await add(id)
    await add('theirs', 'someone-else')
    const api = fakeApi()
    expect(await flushQueue(def, store, session, { fetch: api.fetch })).toEqual({ sent: 3, failed: 0, remaining: 0 })
    expect(api.stored).toEqual(['a', 'b', 'c'])
    expect(api.calls[0]).toEqual({ url: 'http://api.test/api/notes', key: 'key-a', auth: 'Bearer tok' })
    expect(await ids()).toEqual([])
    expect(await ids('someone-else')).toHaveLength(1)
  })

  it('no answer stops the flush (nothing overtakes the waiting record) and counts the attempt; the next flush resumes in order', async () => {
    for (const id of ['a', 'b', 'c']) await add(id)
    const api = fakeApi({ b: 'down' })
    expect(await flushQueue(def, store, session, { fetch: api.fetch })).toEqual({
      sent: 1,
      failed: 0,
      remaining: 2,
      stopped: 'retry',
      attempts: 1,
      waiting: 'b',
    })
    expect(await ids()).toEqual([
      ['b', 'pending', 1],
      ['c', 'pending', 0],
    ])
    api.script.b = '503'
    expect(await flushQueue(def, store, session, { fetch: api.fetch })).toMatchObject({ stopped: 'retry', attempts: 2 })
    api.script.b = 'ok'
    await flushQueue(def, store, session, { fetch: api.fetch })
    expect(api.stored).toEqual(['a', 'b', 'c'])
  })

  it('a hung request is aborted at its deadline: the queue and its lock are free again', async () => {
    await add('a')
    const api = fakeApi({ a: 'hang' })
    const started = Date.now()
    expect(await flushQueue(def, store, session, { fetch: api.fetch })).toMatchObject({ stopped: 'retry', remaining: 1 })
    expect(Date.now() - started).toBeLessThan(2000)
    api.script.a = 'ok'
    expect(await flushQueue(def, store, session, { fetch: api.fetch })).toEqual({ sent: 1, failed: 0, remaining: 0 })
  })

  it('an attempt given up by the caller (the link came back) counts as no answer and frees the queue at once', async () => {
    await add('a')
    const api = fakeApi({ a: 'hang' })
    const controller = new AbortController()
    const flushed = flushQueue({ ...def, deadlineMs: () => 60_000 }, store, session, { fetch: api.fetch, signal: controller.signal })
    await vi.waitFor(() => expect(api.calls).toHaveLength(1))
    controller.abort()
    expect(await flushed).toMatchObject({ stopped: 'retry', attempts: 1 })
  })

  it('a captive portal answering HTML is no answer: the record waits', async () => {
    await add('a')
    const api = fakeApi({ a: 'portal' })
    expect(await flushQueue(def, store, session, { fetch: api.fetch })).toMatchObject({ stopped: 'retry', remaining: 1 })
    expect(api.stored).toEqual([])
  })

  it('a 401 stops the queue and keeps every record untouched, for the same user to send after signing in again', async () => {
    for (const id of ['a', 'b']) await add(id)
    const api = fakeApi({ a: '401' })
    expect(await flushQueue(def, store, session, { fetch: api.fetch })).toMatchObject({ sent: 0, stopped: 'unauthorized', remaining: 2 })
    expect(api.calls).toHaveLength(1)
    expect(await ids()).toEqual([
      ['a', 'pending', 0],
      ['b', 'pending', 0],
    ])
    api.script.a = 'ok'
    await flushQueue(def, store, { ...session, token: 'new-token' }, { fetch: api.fetch })
    expect(api.stored).toEqual(['a', 'b'])
    expect(api.calls.at(-1)!.auth).toBe('Bearer new-token')
  })

  it('any other 4xx brings the record back with the server’s reason, and the rest go on; Retry puts it back in line', async () => {
    for (const id of ['a', 'b']) await add(id)
    const api = fakeApi({ a: '409' })
    const events: string[] = []
    const result = await flushQueue(def, store, session, { fetch: api.fetch, onEvent: (e) => events.push(`${e.type}:${e.record.id}:${e.error ?? ''}`) })
    expect(result).toEqual({ sent: 1, failed: 1, remaining: 0 })
    expect(events).toEqual(['failed:a:This booking request has expired.', 'sent:b:'])
    expect(await get<Note>('a', store)).toMatchObject({ status: 'failed', error: 'This booking request has expired.' })
    // Not sent again by itself…
    await flushQueue(def, store, session, { fetch: api.fetch })
    expect(api.calls.filter((c) => c.key === 'key-a')).toHaveLength(1)
    // …until Retry.
    api.script.a = 'ok'
    await requeue(store, 'a')
    await flushQueue(def, store, session, { fetch: api.fetch })
    expect(api.stored).toEqual(['b', 'a'])
  })

  it('a queue that drops refusals removes the record instead', async () => {
    await add('a')
    await flushQueue({ ...def, dropRefused: true }, store, session, { fetch: fakeApi({ a: '409' }).fetch })
    expect(await ids()).toEqual([])
  })

  it('exactly once: the server stored it but the answer was lost; the retry carries the same key', async () => {
    await add('a')
    const api = fakeApi({ a: 'lost' })
    expect(await flushQueue(def, store, session, { fetch: api.fetch })).toMatchObject({ stopped: 'retry' })
    api.script.a = 'ok'
    expect(await flushQueue(def, store, session, { fetch: api.fetch })).toEqual({ sent: 1, failed: 0, remaining: 0 })
    expect(api.calls.map((c) => c.key)).toEqual(['key-a', 'key-a'])
    expect(api.stored).toEqual(['a'])
  })

  it('two flushes racing (two tabs, or a tab and the worker) send each record once', async () => {
    for (const id of ['a', 'b']) await add(id)
    const api = fakeApi()
    await Promise.all([flushQueue(def, store, session, { fetch: api.fetch }), flushQueue(def, store, session, { fetch: api.fetch })])
    expect(api.stored).toEqual(['a', 'b'])
  })

  it('a record replaced while it was being sent (a newer tap) stays for the next flush', async () => {
    await add('a')
    const api = fakeApi()
    const fetch = (async (url: string, init: RequestInit) => {
      await set('a', { id: 'a', userId: 'me', text: 'a2', seq: ++seq, status: 'pending', attempts: 0 } satisfies Note, store)
      return api.fetch(url, init)
    }) as typeof globalThis.fetch
    expect(await flushQueue(def, store, session, { fetch })).toMatchObject({ sent: 1, remaining: 1 })
    expect((await get<Note>('a', store))!.text).toBe('a2')
  })

  it('backs off exponentially from 2 s up to a minute, with ±20 % jitter', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 10].map((a) => retryDelay(a, () => 0.5))).toEqual([2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000])
    expect(retryDelay(1, () => 0)).toBe(1600)
    expect(retryDelay(1, () => 1)).toBe(2400)
    expect(retryDelay(6, () => 1)).toBe(72000)
  })

  it('another user signing in drops what the last one left', async () => {
    await add('mine')
    await add('theirs', 'someone-else')
    await dropOtherUsers<Note>(store, 'me', def.key)
    expect((await listQueue<Note>(store)).map((r) => r.id)).toEqual(['mine'])
  })
})
