// The page's side of saving: tap → the change is queued in IndexedDB and shown at once (the saved list in
// the query cache is updated in place), then sent now if online, else when the connection returns.
// Cleared on logout, like the message outbox.
import type { QueryClient } from '@tanstack/react-query'
import { onSessionEnd } from '../../../lib/session-cleanup'
import type { SavedStorage } from '@contract/saved'
import type { Storage } from '@contract/storage'
import { savedStoragesQueryOptions, sendSavedChange } from '../api/saved-storages'
import { clearSavedQueue, flushSavedQueue, listChanges, openSavedQueue, queueChange, type SavedChange } from './saved-queue'
import { applyPending, savedQueueQueryOptions } from './saved-pending'

let store: ReturnType<typeof openSavedQueue> | undefined
export const savedQueue = () => (store ??= openSavedQueue())

/** The changes not yet sent, read from IndexedDB (savedQueueQueryOptions' query). */
export const pendingChanges = (userId: string) => listChanges(savedQueue(), userId)

let flushing: Promise<void> | null = null
let again = false

/** Sends this user's queued changes; calls while one runs are folded into one more pass. */
export function flushSaved(queryClient: QueryClient, userId: string): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return Promise.resolve()
  if (flushing) {
    again = true
    return flushing
  }
  flushing = (async () => {
    try {
      do {
        again = false
        const done: SavedChange[] = []
        const { sent } = await flushSavedQueue(savedQueue(), userId, async (change) => {
          const result = await sendSavedChange(change)
          if (result === 'done') done.push(change)
          return result
        })
        // The server's list first, then the queue: the heart never flickers back in between. A fetch of the
        // list still running began before the server had these changes (typically the first load, paused
        // offline and resumed with the connection): its answer would show them unsaved, and a refetch asked
        // for now would only join it, so it is cancelled. What the server took is then folded into the
        // cached list at once, so a refetch that fails (the first moments back online) cannot show it
        // unsaved either; the refetch brings the server's own answer.
        const listKey = savedStoragesQueryOptions(userId).queryKey
        if (sent > 0) await queryClient.cancelQueries({ queryKey: listKey })
        if (done.length) queryClient.setQueryData(listKey, (old: SavedStorage[] | undefined) => (old ? applyPending(old, done) : old))
        if (sent > 0) await queryClient.invalidateQueries({ queryKey: listKey })
        await queryClient.invalidateQueries({ queryKey: savedQueueQueryOptions(userId).queryKey })
      } while (again)
    } finally {
      flushing = null
    }
  })()
  return flushing
}

export async function setSaved(queryClient: QueryClient, userId: string, storage: Storage, saved: boolean) {
  // Shown at once; IndexedDB catches up a moment later.
  queryClient.setQueryData(savedQueueQueryOptions(userId).queryKey, (old = []) => [
    ...old.filter((c) => c.storageId !== storage.id),
    { userId, storageId: storage.id, saved, storage, seq: Date.now() * 1000 },
  ])
  await queueChange(savedQueue(), { userId, storageId: storage.id, saved, storage: saved ? storage : undefined })
  await queryClient.invalidateQueries({ queryKey: savedQueueQueryOptions(userId).queryKey })
  void flushSaved(queryClient, userId).catch((err) => console.error('Saving listings failed', err))
}

// Logout wipes the queue: the next user of the device must not send (or see) these changes.
onSessionEnd(async () => {
  await clearSavedQueue(savedQueue())
})
