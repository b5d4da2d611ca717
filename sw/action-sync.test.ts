// @vitest-environment node
// The worker's action-queue path with its globals stubbed: an 'action-queue' sync sends the stored
// session's queued steps once each, in the order taken, with their own Idempotency-Key; a 401 stops and
// keeps them; a refused step is marked failed with the server's reason; tabs hear of each over the channel.
// Where Background Sync is missing, the worker's start and a page's FLUSH_OUTBOX send them too.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ACTION_QUEUE_CHANNEL, clearActionQueue, listActions, openActionQueue, queueAction, type ActionQueueEvent } from '../src/lib/action-queue'
import { clearSession, loadSession, openSessionStore, saveSession } from '../src/lib/outbox'
import { registerActionSync } from './action-sync'
import { flushQueuesAtStart, registerOutboxSync } from './outbox-sync'
import { fakeWorkerScope, jsonAnswer } from './fake-worker'

function fakeWorker() {
  const { scope, dispatch } = fakeWorkerScope()
  registerOutboxSync(scope)
  registerActionSync(scope)
  return dispatch
}

const store = openActionQueue()
const sessions = openSessionStore()
let channelEvents: ActionQueueEvent[]
let channel: BroadcastChannel

const json = jsonAnswer
const calls = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(([url, init]) => ({
    url,
    key: ((init as RequestInit).headers as Record<string, string>)['Idempotency-Key'],
    auth: ((init as RequestInit).headers as Record<string, string>).Authorization,
  }))

beforeEach(async () => {
  await clearActionQueue(store)
  await clearSession(sessions)
  channelEvents = []
  channel = new BroadcastChannel(ACTION_QUEUE_CHANNEL)
  channel.onmessage = (e: MessageEvent) => channelEvents.push(e.data as ActionQueueEvent)
  await saveSession(sessions, { token: 'tok-1', userId: 'host-1', apiUrl: 'https://nookshare.test/api' })
  await queueAction(store, { id: 'a-1', userId: 'host-1', kind: 'booking-accept', target: 'b-1', path: 'bookings/b-1/accept', body: {} })
  await queueAction(store, { id: 'a-2', userId: 'host-1', kind: 'review', target: 'b-2', path: 'bookings/b-2/reviews', body: { rating: 5 } })
})
afterEach(() => {
  channel.close()
  vi.unstubAllGlobals()
})

describe("the 'action-queue' sync", () => {
  it('sends each queued step once, in the order taken, with the stored token and its own Idempotency-Key, and tells tabs', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, { ok: true }))
    vi.stubGlobal('fetch', fetchMock)
    const sync = fakeWorker()
    const [result] = await sync('sync', { tag: 'action-queue' })
    expect(result!.status).toBe('fulfilled')
    expect(calls(fetchMock)).toEqual([
      { url: 'https://nookshare.test/api/bookings/b-1/accept', key: 'a-1', auth: 'Bearer tok-1' },
      { url: 'https://nookshare.test/api/bookings/b-2/reviews', key: 'a-2', auth: 'Bearer tok-1' },
    ])
    expect(JSON.parse(fetchMock.mock.calls[1]![1].body as string)).toEqual({ rating: 5 })
    expect(await listActions(store, 'host-1')).toEqual([])
    await vi.waitFor(() =>
      expect(channelEvents.map((e) => [e.type, e.record.id])).toEqual([
        ['sent', 'a-1'],
        ['sent', 'a-2'],
      ]),
    )
    // A second sync has nothing left to send.
    await sync('sync', { tag: 'action-queue' })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('a 401 stops the flush, keeps every step untouched, ends the sync and forgets the dead token', async () => {
    const fetchMock = vi.fn(async () => json(401, { error: 'Please log in again' }))
    vi.stubGlobal('fetch', fetchMock)
    const [result] = await fakeWorker()('sync', { tag: 'action-queue' })
    expect(result!.status).toBe('fulfilled')
    expect(fetchMock).toHaveBeenCalledOnce()
    expect(await listActions(store, 'host-1')).toEqual([
      expect.objectContaining({ id: 'a-1', status: 'pending', attempts: 0 }),
      expect.objectContaining({ id: 'a-2', status: 'pending', attempts: 0 }),
    ])
    expect(await loadSession(sessions)).toBeUndefined()
  })

  it("a refused step is marked failed with the server's reason, the next still goes, and the sync succeeds", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url.endsWith('/accept') ? json(409, { error: 'This request expired meanwhile.' }) : json(201, { id: 'r-1' }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const [result] = await fakeWorker()('sync', { tag: 'action-queue' })
    expect(result!.status).toBe('fulfilled')
    expect(await listActions(store, 'host-1')).toEqual([expect.objectContaining({ id: 'a-1', status: 'failed', error: 'This request expired meanwhile.' })])
    await vi.waitFor(() =>
      expect(channelEvents).toEqual([
        expect.objectContaining({ type: 'failed', error: 'This request expired meanwhile.', record: expect.objectContaining({ id: 'a-1' }) }),
        expect.objectContaining({ type: 'sent', body: { id: 'r-1' }, record: expect.objectContaining({ id: 'a-2' }) }),
      ]),
    )
  })

  it('keeps the steps and fails the sync (so the browser retries) while the network is down', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const [result] = await fakeWorker()('sync', { tag: 'action-queue' })
    expect(result!.status).toBe('rejected')
    expect(await listActions(store, 'host-1')).toEqual([
      expect.objectContaining({ id: 'a-1', status: 'pending', attempts: 1 }),
      expect.objectContaining({ id: 'a-2', status: 'pending', attempts: 0 }),
    ])
  })

  it('ignores other sync tags', async () => {
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    expect(await fakeWorker()('sync', { tag: 'something-else' })).toEqual([])
    expect(fetchMock).not.toHaveBeenCalled()
  })
})

describe('where Background Sync is missing', () => {
  it("the worker's start sends the queued steps", async () => {
    const fetchMock = vi.fn(async () => json(200, {}))
    vi.stubGlobal('fetch', fetchMock)
    flushQueuesAtStart({ registration: {}, clients: { matchAll: async () => [] } } as unknown as ServiceWorkerGlobalScope)
    await vi.waitFor(async () => expect(await listActions(store, 'host-1')).toEqual([]))
    expect(calls(fetchMock).map((c) => c.key)).toEqual(['a-1', 'a-2'])
  })

  it("a page's FLUSH_OUTBOX sends the queued steps too", async () => {
    const fetchMock = vi.fn(async () => json(200, {}))
    vi.stubGlobal('fetch', fetchMock)
    await fakeWorker()('message', { data: { type: 'FLUSH_OUTBOX' }, ports: [] })
    expect(await listActions(store, 'host-1')).toEqual([])
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})
