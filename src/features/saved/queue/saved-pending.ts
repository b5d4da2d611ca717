// What a heart shows before its change reaches the server, and the tap's own part: the changes not yet sent
// (IndexedDB, saved-queue.ts), the server's list with them laid over it, and a tap kept there at once.
// Nothing here loads more code: a heart tapped offline moments after signing in, before any lazy chunk has
// arrived, is still kept. Sending is saved-client.ts's, loaded on a tap online and by SavedSync.
import { hashKey, queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { SavedStorage } from '@contract/saved'
import type { Storage } from '@contract/storage'
import { savedKeys } from '../api/keys'
import { registerBackgroundSync } from '../../../lib/background-sync'
import { listChanges, openSavedQueue, queueChange, SAVED_SYNC_TAG, type SavedChange } from '../../../lib/saved-queue'

let store: ReturnType<typeof openSavedQueue> | undefined
/** The queue's store (one IndexedDB connection for the page). */
export const savedQueue = () => (store ??= openSavedQueue())

/** A change shown over the list: waiting in the queue, or `sent` and kept shown until the list can take it. */
export type ShownChange = SavedChange & { sent?: true }

/**
 * The changes not yet sent (IndexedDB, so it works offline: networkMode 'always'). A change this page had
 * seen waiting and that is gone now was sent (or refused) by someone else, or by this tab's flush: the
 * worker, whose word this tab may have missed (its code loaded after), or another tab. It is folded into
 * the server's list the hearts read, and that list read again, so the heart never shows it undone
 * meanwhile, not even offline. Where the list has not arrived at all (its first load was cut off by the
 * network going, and the read after the send failed too), there is nothing to fold it into: it stays laid
 * over the list, marked sent, until a later read of the queue finds the list.
 */
export const savedQueueQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: savedKeys.queue(userId),
    queryFn: async ({ client, queryKey }): Promise<ShownChange[]> => {
      const seen = client.getQueryData<ShownChange[]>(queryKey) ?? []
      const now = await listChanges(savedQueue(), userId)
      const listKey = savedKeys.listings(userId)
      const list = client.getQueryData<SavedStorage[]>(listKey)
      const gone = seen.filter((c) => !now.some((n) => n.storageId === c.storageId))
      if (!list) {
        if (gone.length) readAgainWhenListArrives(client, listKey, queryKey)
        return [...now, ...gone.map((c) => ({ ...c, sent: true as const }))]
      }
      // Only what the list does not show yet: this tab's own flush has folded in (and refetched) what it sent.
      const unseen = gone.filter((c) => list.some((s) => s.storage.id === c.storageId) !== c.saved)
      if (unseen.length) {
        // As saved-client's takeIntoList: a fetch of the list still running (the refetch on reconnecting)
        // may have begun before the server had these changes, and its answer would undo them: cancelled.
        await client.cancelQueries({ queryKey: listKey })
        client.setQueryData(listKey, (old: SavedStorage[] | undefined) => (old ? applyPending(old, unseen) : old))
        void client.invalidateQueries({ queryKey: listKey })
      }
      return now
    },
    networkMode: 'always',
    staleTime: Infinity,
    meta: { persist: false },
  })

/** Per query client, the lists a queue waits for (one subscription each). */
const waitingForList = new WeakMap<QueryClient, Set<string>>()

/** Once the list arrives, the queue is read again, and what was kept shown for it is folded in. */
function readAgainWhenListArrives(client: QueryClient, listKey: QueryKey, queueKey: QueryKey) {
  const hash = hashKey(listKey)
  const waiting = waitingForList.get(client) ?? new Set<string>()
  if (waiting.has(hash)) return
  waitingForList.set(client, waiting.add(hash))
  const off = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.queryHash !== hash) return
    off()
    waiting.delete(hash)
    void client.invalidateQueries({ queryKey: queueKey })
  })
}

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

/** A tap: the change shown at once, then kept in IndexedDB until saved-client's flushSaved sends it. */
export async function queueSaved(queryClient: QueryClient, userId: string, storage: Storage, saved: boolean) {
  // Shown at once; IndexedDB catches up a moment later.
  queryClient.setQueryData(savedQueueQueryOptions(userId).queryKey, (old = []) => [
    ...old.filter((c) => c.storageId !== storage.id),
    { userId, storageId: storage.id, saved, storage, seq: Date.now() * 1000 },
  ])
  await queueChange(savedQueue(), { userId, storageId: storage.id, saved, storage: saved ? storage : undefined })
  // Offline, the worker is asked to send it when the connection returns, even if this tab is closed first.
  if (navigator.onLine === false) void registerBackgroundSync(SAVED_SYNC_TAG)
  await queryClient.invalidateQueries({ queryKey: savedQueueQueryOptions(userId).queryKey })
}
