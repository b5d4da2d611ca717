// @vitest-environment node
// The worker's outbox path with its globals stubbed: a 'sync' event or a FLUSH_OUTBOX message sends the
// stored session's pending messages, removes what the server took, and tells tabs.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  enqueue,
  listOutbox,
  openOutboxStore,
  openSessionStore,
  OUTBOX_CHANNEL,
  saveSession,
  loadSession,
  clearOutbox,
  clearSession,
  type OutboxEvent,
} from '../src/lib/outbox'
import { registerOutboxSync } from './outbox-sync'
import { fakeWorkerScope } from './fake-worker'

function fakeWorker() {
  const posted: unknown[] = []
  const { scope, dispatch } = fakeWorkerScope({ clients: { matchAll: async () => [{ postMessage: (m: unknown) => posted.push(m) }] } })
  registerOutboxSync(scope)
  return { dispatch, posted }
}

const outbox = openOutboxStore()
const sessions = openSessionStore()
let channelEvents: OutboxEvent[]
let channel: BroadcastChannel

beforeEach(async () => {
  await clearOutbox(outbox)
  await clearSession(sessions)
  channelEvents = []
  channel = new BroadcastChannel(OUTBOX_CHANNEL)
  channel.onmessage = (e: MessageEvent) => channelEvents.push(e.data as OutboxEvent)
  await saveSession(sessions, { token: 'tok-1', userId: 'u-1', apiUrl: 'https://nookshare.test/api' })
  await enqueue(outbox, { clientId: 'c-1', userId: 'u-1', receiverId: 'u-2', content: 'Is the garage dry?', photos: [], createdAt: new Date().toISOString() })
})
afterEach(() => {
  vi.useRealTimers()
  channel.close()
  vi.unstubAllGlobals()
})

describe("the 'outbox' sync", () => {
  it('sends pending messages with the stored token, removes them, and tells tabs by channel and postMessage', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify({ _id: 'm-1' }), { status: 201 }))
    vi.stubGlobal('fetch', fetchMock)
    const worker = fakeWorker()
    const [result] = await worker.dispatch('sync', { tag: 'outbox' })
    expect(result!.status).toBe('fulfilled')
    expect(fetchMock).toHaveBeenCalledOnce()
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('https://nookshare.test/api/messages')
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1')
    expect((init.body as FormData).get('clientId')).toBe('c-1')
    expect(await listOutbox(outbox)).toEqual([])
    expect(worker.posted).toContainEqual({ type: 'OUTBOX_EVENT', event: expect.objectContaining({ type: 'sent', clientId: 'c-1', message: { _id: 'm-1' } }) })
    await vi.waitFor(() => expect(channelEvents).toContainEqual(expect.objectContaining({ type: 'sent', clientId: 'c-1' })))
  })

  it('keeps the message and fails the sync (so the browser retries) while the network is down', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const [result] = await fakeWorker().dispatch('sync', { tag: 'outbox' })
    expect(result!.status).toBe('rejected')
    const [record] = await listOutbox(outbox)
    expect(record).toMatchObject({ clientId: 'c-1', status: 'pending', attempts: 1 })
  })

  it('a 401 keeps the message, ends the sync (no retry with a dead token) and forgets that token', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ error: 'Please log in again' }), { status: 401 }))
    vi.stubGlobal('fetch', fetchMock)
    const [result] = await fakeWorker().dispatch('sync', { tag: 'outbox' })
    expect(result!.status).toBe('fulfilled')
    expect(await listOutbox(outbox)).toEqual([expect.objectContaining({ clientId: 'c-1', status: 'pending', attempts: 0 })])
    expect(await loadSession(sessions)).toBeUndefined()
    // Signed in again as the same user: the page mirrors the new token and the message goes.
    await saveSession(sessions, { token: 'tok-2', userId: 'u-1', apiUrl: 'https://nookshare.test/api' })
    fetchMock.mockImplementation(async () => new Response(JSON.stringify({ _id: 'm-1' }), { status: 201 }))
    await fakeWorker().dispatch('sync', { tag: 'outbox' })
    expect(await listOutbox(outbox)).toEqual([])
  })

  it('a request that hangs is given up at its deadline, so the sync ends and the browser tries again', async () => {
    // Only the timers: IndexedDB (fake-indexeddb) schedules with setImmediate.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const hang = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    )
    vi.stubGlobal('fetch', hang)
    const done = fakeWorker().dispatch('sync', { tag: 'outbox' })
    const { setImmediate: tick } = globalThis as unknown as { setImmediate: (fn: () => void) => void }
    while (hang.mock.calls.length === 0) await new Promise<void>((resolve) => tick(resolve))
    await vi.advanceTimersByTimeAsync(14_999)
    expect((await listOutbox(outbox))[0]).toMatchObject({ attempts: 0 })
    await vi.advanceTimersByTimeAsync(1)
    const [result] = await done
    vi.useRealTimers()
    expect(result!.status).toBe('rejected')
    expect((await listOutbox(outbox))[0]).toMatchObject({ clientId: 'c-1', status: 'pending', attempts: 1 })
  })

  it('ignores other sync tags', async () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    expect(await fakeWorker().dispatch('sync', { tag: 'something-else' })).toEqual([])
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('a refused message is marked failed and reported, and the sync still succeeds', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ error: 'Message is too long. Please keep it under 1000 characters.' }), { status: 400 })),
    )
    const worker = fakeWorker()
    const [result] = await worker.dispatch('sync', { tag: 'outbox' })
    expect(result!.status).toBe('fulfilled')
    expect((await listOutbox(outbox))[0]).toMatchObject({ status: 'failed', error: 'Message is too long. Please keep it under 1000 characters.' })
    expect(worker.posted).toContainEqual({ type: 'OUTBOX_EVENT', event: expect.objectContaining({ type: 'failed', clientId: 'c-1' }) })
  })
})

describe('FLUSH_OUTBOX from a page', () => {
  it('flushes and answers on the message port', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 201 })),
    )
    const replies: unknown[] = []
    await fakeWorker().dispatch('message', { data: { type: 'FLUSH_OUTBOX' }, ports: [{ postMessage: (m: unknown) => replies.push(m) }] })
    expect(replies).toEqual([{ sent: 1, failed: 0, remaining: 0 }])
  })

  it('does nothing without a signed-in session', async () => {
    await clearSession(sessions)
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    const replies: unknown[] = []
    await fakeWorker().dispatch('message', { data: { type: 'FLUSH_OUTBOX' }, ports: [{ postMessage: (m: unknown) => replies.push(m) }] })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(replies).toEqual([{ sent: 0, failed: 0, remaining: 0 }])
    expect(await listOutbox(outbox)).toHaveLength(1)
  })
})
