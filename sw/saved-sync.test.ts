// @vitest-environment node
// The worker's saved-listings path with its globals stubbed: a 'saved-queue' sync sends the stored
// session's hearts in tap order (PUT to save, DELETE to unsave); a 401 stops and keeps them; a dead link
// keeps them and fails the sync so the browser tries again; a listing gone is dropped; tabs hear of each
// over the channel. Where Background Sync is missing, the worker's start and a page's FLUSH_OUTBOX send them.
import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { QueueEvent } from '../src/lib/queue-engine'
import { clearSession, loadSession, openSessionStore, saveSession } from '../src/lib/outbox'
import { clearSavedQueue, listChanges, openSavedQueue, queueChange, SAVED_QUEUE_CHANNEL, type SavedChange } from '../src/lib/saved-queue'
import { flushQueuesAtStart, registerOutboxSync } from './outbox-sync'
import { registerSavedSync } from './saved-sync'
import { fakeWorkerScope, jsonAnswer } from './fake-worker'

function fakeWorker() {
  const { scope, dispatch } = fakeWorkerScope()
  registerOutboxSync(scope)
  registerSavedSync(scope)
  return dispatch
}

const store = openSavedQueue()
const sessions = openSessionStore()
let heard: QueueEvent<SavedChange>[]
let channel: BroadcastChannel

const json = jsonAnswer
const sent = (fetchMock: { mock: { calls: unknown[][] } }) =>
  fetchMock.mock.calls.map(
    ([url, init]) => `${(init as RequestInit).method} ${String(url)} ${((init as RequestInit).headers as Record<string, string>).Authorization}`,
  )

beforeEach(async () => {
  await clearSavedQueue(store)
  await clearSession(sessions)
  heard = []
  channel = new BroadcastChannel(SAVED_QUEUE_CHANNEL)
  channel.onmessage = (e: MessageEvent) => heard.push(e.data as QueueEvent<SavedChange>)
  await saveSession(sessions, { token: 'tok-1', userId: 'renter-1', apiUrl: 'https://nookshare.test/api' })
  await queueChange(store, { userId: 'renter-1', storageId: 's-1', saved: true })
  await queueChange(store, { userId: 'renter-1', storageId: 's-2', saved: false })
})
afterEach(() => {
  channel.close()
  vi.unstubAllGlobals()
})

describe("the 'saved-queue' sync", () => {
  it('sends each heart once, in tap order, with the stored token, empties the queue and tells tabs', async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => json(200, {}))
    vi.stubGlobal('fetch', fetchMock)
    const sync = fakeWorker()
    const [result] = await sync('sync', { tag: 'saved-queue' })
    expect(result!.status).toBe('fulfilled')
    expect(sent(fetchMock)).toEqual([
      'PUT https://nookshare.test/api/saved-storages/s-1 Bearer tok-1',
      'DELETE https://nookshare.test/api/saved-storages/s-2 Bearer tok-1',
    ])
    expect(await listChanges(store, 'renter-1')).toEqual([])
    await vi.waitFor(() =>
      expect(heard.map((e) => [e.type, e.record.storageId])).toEqual([
        ['sent', 's-1'],
        ['sent', 's-2'],
      ]),
    )
    await sync('sync', { tag: 'saved-queue' })
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it('a 401 stops, keeps both hearts, ends the sync and forgets the dead token', async () => {
    const fetchMock = vi.fn(async () => json(401, { error: 'Please log in again' }))
    vi.stubGlobal('fetch', fetchMock)
    const [result] = await fakeWorker()('sync', { tag: 'saved-queue' })
    expect(result!.status).toBe('fulfilled')
    expect(fetchMock).toHaveBeenCalledOnce()
    expect((await listChanges(store, 'renter-1')).map((c) => c.storageId)).toEqual(['s-1', 's-2'])
    expect(await loadSession(sessions)).toBeUndefined()
  })

  it('keeps the hearts and fails the sync (so the browser retries) while the link is dead', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const [result] = await fakeWorker()('sync', { tag: 'saved-queue' })
    expect(result!.status).toBe('rejected')
    expect((await listChanges(store, 'renter-1')).map((c) => [c.storageId, c.status])).toEqual([
      ['s-1', 'pending'],
      ['s-2', 'pending'],
    ])
  })

  it('drops a heart for a listing that is gone, and still sends the next', async () => {
    const fetchMock = vi.fn(async (url: string) => (url.endsWith('/s-1') ? json(404, { error: 'Not found' }) : json(200, {})))
    vi.stubGlobal('fetch', fetchMock)
    const [result] = await fakeWorker()('sync', { tag: 'saved-queue' })
    expect(result!.status).toBe('fulfilled')
    expect(await listChanges(store, 'renter-1')).toEqual([])
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })
})

describe('where Background Sync is missing', () => {
  it("the worker's start sends the queued hearts", async () => {
    const fetchMock = vi.fn(async () => json(200, {}))
    vi.stubGlobal('fetch', fetchMock)
    flushQueuesAtStart({ registration: {}, clients: { matchAll: async () => [] } } as unknown as ServiceWorkerGlobalScope)
    await vi.waitFor(async () => expect(await listChanges(store, 'renter-1')).toEqual([]))
    expect(fetchMock).toHaveBeenCalledTimes(2)
  })

  it("a page's FLUSH_OUTBOX sends them too", async () => {
    const fetchMock = vi.fn(async () => json(200, {}))
    vi.stubGlobal('fetch', fetchMock)
    await fakeWorker()('message', { data: { type: 'FLUSH_OUTBOX' }, ports: [] })
    expect(await listChanges(store, 'renter-1')).toEqual([])
  })
})
