import 'fake-indexeddb/auto'
import { QueryClient, QueryObserver, queryOptions } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SavedStorage } from '@contract/saved'

// The server: what it has saved, and a GET that answers with the list as it was when the request arrived.
const server = vi.hoisted(() => ({ saved: new Set<string>(), gets: 0 }))

vi.mock('../api/saved-storages', () => ({
  savedStoragesQueryOptions: (userId: string) =>
    queryOptions({
      queryKey: ['storages', 'saved', userId] as const,
      queryFn: ({ signal }) => {
        server.gets++
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

const { flushSaved, stopSaved } = await import('./saved-client')
const { savedQueue } = await import('./saved-pending')
const { queueChange } = await import('../../../lib/saved-queue')

afterEach(() => {
  server.saved.clear()
  server.gets = 0
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
})
