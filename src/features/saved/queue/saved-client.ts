// The page's side of sending what was saved: a tap is queued in IndexedDB and shown at once
// (saved-pending.ts), then sent from here now if online, else when the connection returns (SavedSync).
// Cleared on logout (saved-queue.ts).
import type { QueryClient } from '@tanstack/react-query'
import type { SavedStorage } from '@contract/saved'
import { savedStoragesQueryOptions, sendSavedChange } from '../api/saved-storages'
import { flushSavedQueue, type SavedChange } from './saved-queue'
import { applyPending, savedQueue, savedQueueQueryOptions } from './saved-pending'

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
