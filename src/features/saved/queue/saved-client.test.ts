import 'fake-indexeddb/auto'
import { QueryClient, QueryObserver, queryOptions } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SavedStorage } from '@contract/saved'
import type { Storage } from '@contract/storage'

// The server: what it has saved, and a GET that answers with the list as it was when the request arrived.
const server = vi.hoisted(() => ({ saved: new Set<string>(), gets: 0, offline: false }))

vi.mock('../api/saved-storages', () => ({
  savedStoragesQueryOptions: (userId: string) =>
    queryOptions({
      queryKey: ['storages', 'saved', userId] as const,
      queryFn: ({ signal }) => {
        server.gets++
        if (server.offline) return Promise.reject(new TypeError('Failed to fetch'))
        const snapshot = [...server.saved].map((id) => ({ savedAt: new Date().toISOString(), storage: { id } }) as unknown as SavedStorage)
        return new Promise<SavedStorage[]>((resolve, reject) => {
          const timer = setTimeout(() => resolve(snapshot), 20)
          signal.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('aborted', 'AbortError'))))
        })
      },
    }),
}))
// The queue's PUT / DELETE, sent by the engine with the stored token.
vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
  const storageId = decodeURIComponent(String(url).split('/').at(-1)!)
  if (init.method === 'PUT') server.saved.add(storageId)
  else server.saved.delete(storageId)
  return new Response(JSON.stringify({ storageId, saved: init.method === 'PUT' }), { status: 200 })
})
localStorage.setItem('token', 'tok')

const { applyWorkerSavedEvent, flushSaved, stopSaved } = await import('./saved-client')
const { applyPending, savedQueue, savedQueueQueryOptions } = await import('./saved-pending')
const { queueChange } = await import('../../../lib/saved-queue')
type SavedChange = import('../../../lib/saved-queue').SavedChange

/** A page whose saved list is loaded (empty) and watched, as the hearts watch it. */
async function pageWithList() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const listKey = ['storages', 'saved', 'me'] as const
  const { savedStoragesQueryOptions } = await import('../api/saved-storages')
  const unsubscribe = new QueryObserver(queryClient, savedStoragesQueryOptions('me')).subscribe(() => {})
  await vi.waitFor(() => expect(queryClient.getQueryData(listKey)).toEqual([]))
  return { queryClient, listKey, unsubscribe }
}

/** What the hearts show: the cached list with the queue laid over it. */
const shownIds = (queryClient: QueryClient, listKey: readonly unknown[], queue: SavedChange[]) =>
  applyPending(queryClient.getQueryData<SavedStorage[]>(listKey) ?? [], queue).map((s) => s.storage.id)

afterEach(() => {
  server.saved.clear()
  server.gets = 0
  server.offline = false
})

describe('flushSaved', () => {
  it('does not let a list fetch that began before the send overwrite what was sent (the first load resumed on reconnect)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const listKey = ['storages', 'saved', 'me'] as const
    const { savedStoragesQueryOptions } = await import('../api/saved-storages')
    // The page's list query is mounted and its first fetch is still on its way when the change is sent.
    const observer = new QueryObserver(queryClient, savedStoragesQueryOptions('me'))
    const unsubscribe = observer.subscribe(() => {})
    expect(queryClient.getQueryState(listKey)?.fetchStatus).toBe('fetching')

    await queueChange(savedQueue(), { userId: 'me', storageId: 'a', saved: true })
    await flushSaved(queryClient, 'me')

    const ids = (queryClient.getQueryData<SavedStorage[]>(listKey) ?? []).map((s) => s.storage.id)
    expect(ids).toEqual(['a'])
    expect(server.gets).toBe(2)
    unsubscribe()
    stopSaved()
    queryClient.clear()
  })

  it('keeps a heart the worker sent shown as saved when the list cannot be fetched again (the link gone once more)', async () => {
    const { queryClient, listKey, unsubscribe } = await pageWithList()
    // Tapped offline; the worker sends it when the connection returns, then the link drops again.
    const change = await queueChange(savedQueue(), { userId: 'me', storageId: 'a', saved: true, storage: { id: 'a' } as unknown as Storage })
    server.saved.add('a')
    await (await import('idb-keyval')).del('me:a', savedQueue())
    server.offline = true

    await applyWorkerSavedEvent(queryClient, 'me', { type: 'sent', record: change })

    const queue = await queryClient.fetchQuery(savedQueueQueryOptions('me'))
    expect(queue).toEqual([])
    expect(shownIds(queryClient, listKey, queue)).toEqual(['a'])
    unsubscribe()
    queryClient.clear()
  })

  it('keeps a heart another sender sent shown as saved when this tab missed its word and the list cannot be fetched (offline again)', async () => {
    const { queryClient, listKey, unsubscribe } = await pageWithList()
    // This tab shows the heart tapped offline, waiting.
    await queueChange(savedQueue(), { userId: 'me', storageId: 'b', saved: true, storage: { id: 'b' } as unknown as Storage })
    expect((await queryClient.fetchQuery(savedQueueQueryOptions('me'))).map((c) => c.storageId)).toEqual(['b'])
    // The worker sends it before this tab listens; the link drops again.
    server.saved.add('b')
    await (await import('idb-keyval')).del('me:b', savedQueue())
    server.offline = true

    await queryClient.refetchQueries({ queryKey: savedQueueQueryOptions('me').queryKey })
    const queue = queryClient.getQueryData<SavedChange[]>(savedQueueQueryOptions('me').queryKey) ?? []
    expect(queue).toEqual([])
    expect(shownIds(queryClient, listKey, queue)).toEqual(['b'])
    unsubscribe()
    queryClient.clear()
  })

  it('keeps a heart sent before the list ever arrived shown as saved while the list cannot be fetched, then folds it into the list', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const listKey = ['storages', 'saved', 'me'] as const
    const queueKey = savedQueueQueryOptions('me').queryKey
    const { savedStoragesQueryOptions } = await import('../api/saved-storages')
    // Signed in moments before the network went: the list's first load failed, so there is no list at all.
    server.offline = true
    const unsubscribe = new QueryObserver(queryClient, savedStoragesQueryOptions('me')).subscribe(() => {})
    await vi.waitFor(() => expect(queryClient.getQueryState(listKey)?.status).toBe('error'))
    await queueChange(savedQueue(), { userId: 'me', storageId: 'c', saved: true, storage: { id: 'c' } as unknown as Storage })
    // The heart watches the queue too.
    const unwatch = new QueryObserver(queryClient, savedQueueQueryOptions('me')).subscribe(() => {})
    await vi.waitFor(() => expect(queryClient.getQueryData<SavedChange[]>(queueKey)?.map((c) => c.storageId)).toEqual(['c']))
    // It is sent (the PUT gets through); the list's read after it fails, the link gone again.
    await flushSaved(queryClient, 'me')
    expect(server.saved.has('c')).toBe(true)
    expect(queryClient.getQueryData(listKey)).toBeUndefined()
    const kept = queryClient.getQueryData<(SavedChange & { sent?: true })[]>(queueKey) ?? []
    expect(kept.map((c) => [c.storageId, c.sent])).toEqual([['c', true]])
    expect(shownIds(queryClient, listKey, kept)).toEqual(['c'])
    // The list arrives: the queue is read again and what was kept is gone from it, the list showing it.
    server.offline = false
    await queryClient.refetchQueries({ queryKey: listKey })
    await vi.waitFor(() => expect(queryClient.getQueryData(queueKey)).toEqual([]))
    expect(shownIds(queryClient, listKey, [])).toEqual(['c'])
    unwatch()
    unsubscribe()
    stopSaved()
    queryClient.clear()
  })
})
