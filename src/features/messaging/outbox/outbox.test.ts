import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { enqueue, flushOutbox, listOutbox, markPending, openOutboxStore, type OutboxSession } from '../../../lib/outbox'

let n = 0
let store: ReturnType<typeof openOutboxStore>
beforeEach(() => {
  store = openOutboxStore(`outbox-test-${n++}`)
})

const session: OutboxSession = { token: 't'.repeat(43), userId: 'me', apiUrl: 'http://api.test/api' }
const record = (clientId: string, content: string, userId = 'me') => ({
  clientId,
  userId,
  receiverId: 'them',
  content,
  photos: [],
  createdAt: new Date().toISOString(),
})

/** A fake server: records what arrives, answers from a script, stores each clientId once. */
function fakeServer(script: Record<string, 'ok' | 'down' | 'refuse'> = {}) {
  const delivered: string[] = []
  const seen = new Set<string>()
  const fetch = (async (_url: string, init: RequestInit) => {
    const form = init.body as FormData
    const clientId = String(form.get('clientId'))
    const mode = script[clientId] ?? 'ok'
    if (mode === 'down') throw new TypeError('Failed to fetch')
    if (mode === 'refuse') return new Response(JSON.stringify({ error: 'This conversation has been closed.' }), { status: 409 })
    if (!seen.has(clientId)) delivered.push(String(form.get('content')))
    seen.add(clientId)
    return new Response(JSON.stringify({ _id: `m-${clientId}`, clientId }), { status: 201 })
  }) as unknown as typeof globalThis.fetch
  return { fetch, delivered, script }
}

describe('the outbox', () => {
  it('keeps records in the order they were written, per user', async () => {
    await enqueue(store, record('c1', 'first'))
    await enqueue(store, record('x1', 'not mine', 'someone-else'))
    await enqueue(store, record('c2', 'second'))
    await enqueue(store, record('c3', 'third'))
    expect((await listOutbox(store, 'me')).map((r) => r.content)).toEqual(['first', 'second', 'third'])
    expect(await listOutbox(store, 'someone-else')).toHaveLength(1)
  })

  it('sends in order and empties itself', async () => {
    for (const [i, c] of ['one', 'two', 'three'].entries()) await enqueue(store, record(`c${i}`, c))
    const server = fakeServer()
    const result = await flushOutbox(store, session, { fetch: server.fetch })
    expect(result).toEqual({ sent: 3, failed: 0, remaining: 0 })
    expect(server.delivered).toEqual(['one', 'two', 'three'])
    expect(await listOutbox(store, 'me')).toEqual([])
  })

  it('stops at a network failure so nothing overtakes an unsent message, then resumes in order', async () => {
    for (const [i, c] of ['one', 'two', 'three'].entries()) await enqueue(store, record(`c${i}`, c))
    const server = fakeServer({ c1: 'down' })
    expect(await flushOutbox(store, session, { fetch: server.fetch })).toEqual({
      sent: 1,
      failed: 0,
      remaining: 2,
      stopped: 'retry',
      attempts: 1,
      waiting: 'c1',
    })
    expect(server.delivered).toEqual(['one'])
    const left = await listOutbox(store, 'me')
    expect(left.map((r) => [r.content, r.attempts])).toEqual([
      ['two', 1],
      ['three', 0],
    ])
    server.script.c1 = 'ok'
    await flushOutbox(store, session, { fetch: server.fetch })
    expect(server.delivered).toEqual(['one', 'two', 'three'])
  })

  it('marks a refused message failed and goes on; Retry sends it again', async () => {
    await enqueue(store, record('c1', 'refused'))
    await enqueue(store, record('c2', 'fine'))
    const server = fakeServer({ c1: 'refuse' })
    const events: string[] = []
    const result = await flushOutbox(store, session, { fetch: server.fetch, onEvent: (e) => events.push(`${e.type}:${e.clientId}`) })
    expect(result).toEqual({ sent: 1, failed: 1, remaining: 0 })
    expect(events).toEqual(['failed:c1', 'sent:c2'])
    const [failed] = await listOutbox(store, 'me')
    expect(failed).toMatchObject({ clientId: 'c1', status: 'failed', error: 'This conversation has been closed.' })
    // A failed record is not sent again by itself…
    await flushOutbox(store, session, { fetch: server.fetch })
    expect(server.delivered).toEqual(['fine'])
    // …but Retry puts it back in line.
    server.script.c1 = 'ok'
    await markPending(store, 'c1')
    await flushOutbox(store, session, { fetch: server.fetch })
    expect(server.delivered).toEqual(['fine', 'refused'])
  })

  it('a 401 keeps every message for the next sign-in and sends nothing more', async () => {
    for (const [i, c] of ['one', 'two'].entries()) await enqueue(store, record(`c${i}`, c))
    const fetch = (async () => new Response(JSON.stringify({ error: 'Please log in again' }), { status: 401 })) as unknown as typeof globalThis.fetch
    expect(await flushOutbox(store, session, { fetch })).toMatchObject({ sent: 0, stopped: 'unauthorized', remaining: 2 })
    expect((await listOutbox(store, 'me')).map((r) => [r.content, r.status, r.attempts])).toEqual([
      ['one', 'pending', 0],
      ['two', 'pending', 0],
    ])
  })

  it('sends the clientId as the form field and the Idempotency-Key header', async () => {
    await enqueue(store, record('c1', 'hello'))
    let seen: { field: unknown; header: string | null } | undefined
    const fetch = (async (_url: string, init: RequestInit) => {
      seen = { field: (init.body as FormData).get('clientId'), header: new Headers(init.headers).get('idempotency-key') }
      return new Response(JSON.stringify({ _id: 'm1' }), { status: 201 })
    }) as unknown as typeof globalThis.fetch
    await flushOutbox(store, session, { fetch })
    expect(seen).toEqual({ field: 'c1', header: 'c1' })
  })

  it('a queued message about a listing sends the listing with it; one about none sends no storageId field', async () => {
    await enqueue(store, { ...record('c1', 'Is the garage free?'), storageId: 'listing-1' })
    await enqueue(store, record('c2', 'And in May?'))
    const sent: unknown[] = []
    const fetch = (async (_url: string, init: RequestInit) => {
      sent.push((init.body as FormData).get('storageId'))
      return new Response(JSON.stringify({ _id: `m${sent.length}` }), { status: 201 })
    }) as unknown as typeof globalThis.fetch
    await flushOutbox(store, session, { fetch })
    expect(sent).toEqual(['listing-1', null])
  })

  it('delivers once even when two flushes race (clientId)', async () => {
    await enqueue(store, record('c1', 'hello'))
    const server = fakeServer()
    await Promise.all([flushOutbox(store, session, { fetch: server.fetch }), flushOutbox(store, session, { fetch: server.fetch })])
    expect(server.delivered).toEqual(['hello'])
  })
})
