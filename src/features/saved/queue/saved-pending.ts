// What a heart shows before its change reaches the server: the changes not yet sent, and the server's list
// with them laid over it. The queue itself (IndexedDB, saved-client.ts) loads with the first signed-in
// read or tap, out of the startup bundle: a visitor's search never needs it.
import { queryOptions } from '@tanstack/react-query'
import type { SavedStorage } from '@contract/saved'
import type { Storage } from '@contract/storage'
import { savedKeys } from '../api/keys'
import type { SavedChange } from './saved-queue'

/** The changes not yet sent (IndexedDB, so it works offline: networkMode 'always'). */
export const savedQueueQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: savedKeys.queue(userId),
    queryFn: async (): Promise<SavedChange[]> => (await import('./saved-client')).pendingChanges(userId),
    networkMode: 'always',
    staleTime: Infinity,
    meta: { persist: false },
  })

/** The server's list with the unsent changes laid over it: what the user sees. */
export function applyPending(list: SavedStorage[], pending: { storageId: string; saved: boolean; storage?: Storage; seq: number }[]): SavedStorage[] {
  const byId = new Map(list.map((s) => [s.storage.id, s]))
  for (const change of pending) {
    if (!change.saved) byId.delete(change.storageId)
    else if (!byId.has(change.storageId) && change.storage)
      byId.set(change.storageId, { savedAt: new Date(change.seq / 1000).toISOString(), storage: change.storage })
  }
  return [...byId.values()].sort((a, b) => b.savedAt.localeCompare(a.savedAt))
}
