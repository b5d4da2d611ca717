// The page's side of sending what was saved: a tap is queued in IndexedDB and shown at once
// (saved-pending.ts), then sent by the queue engine's runner: now if online, else when the connection
// returns (SavedSync starts it; it goes on by itself). Cleared on logout (saved-queue.ts).
import type { QueryClient } from '@tanstack/react-query'
import type { SavedStorage } from '@contract/saved'
import { API_URL, handleUnauthorized } from '../../../lib/api-client'
import { registerBackgroundSync } from '../../../lib/background-sync'
import { dropOtherUsers, type QueueEvent } from '../../../lib/queue-engine'
import { pageQueueSession, perUserRunner } from '../../../lib/queue-runner'
import { savedStoragesQueryOptions } from '../api/saved-storages'
import { SAVED_QUEUE_CHANNEL, SAVED_SYNC_TAG, type SavedChange } from '../../../lib/saved-queue'
import { flushSavedQueue, savedQueueDef } from '../../../lib/saved-queue-def'
import { applyPending, savedQueue, savedQueueQueryOptions } from './saved-pending'

/** One pass over the queue, and what it means for the list the hearts read. */
async function flushOnce(queryClient: QueryClient, userId: string, signal: AbortSignal) {
  const session = pageQueueSession(userId)
  if (!session) return undefined
  const done: SavedChange[] = []
  const result = await flushSavedQueue(savedQueue(), session, { signal, onEvent: (e) => e.type === 'sent' && done.push(e.record) })
  await takeIntoList(queryClient, userId, done, result.sent + result.failed > 0)
  return result
}

/**
 * What was sent, by this tab or the worker, is folded into the list the hearts read before the queue is read
 * again: the server's list first, then the queue, so the heart never flickers back in between. A fetch of
 * the list still running began before the server had these changes (typically the first load, paused
 * offline and resumed with the connection): its answer would show them unsaved, and a refetch asked for now
 * would only join it, so it is cancelled. Folded into the cached list at once, a sent change stays shown
 * even when the refetch fails (the first moments back online, or the link gone again); the refetch brings
 * the server's own answer. A refused change (the listing gone) was dropped: the refetch shows the server's
 * state.
 */
async function takeIntoList(queryClient: QueryClient, userId: string, sent: SavedChange[], changed: boolean) {
  const listKey = savedStoragesQueryOptions(userId).queryKey
  if (changed) await queryClient.cancelQueries({ queryKey: listKey })
  if (sent.length) queryClient.setQueryData(listKey, (old: SavedStorage[] | undefined) => (old ? applyPending(old, sent) : old))
  if (changed) await queryClient.invalidateQueries({ queryKey: listKey })
  await queryClient.invalidateQueries({ queryKey: savedQueueQueryOptions(userId).queryKey })
}

const runner = perUserRunner((queryClient, userId) => ({
  flush: (signal) => flushOnce(queryClient, userId, signal),
  onStopped: (result) => {
    if (result.stopped === 'unauthorized') handleUnauthorized(`${API_URL}/saved-storages`)
    else void registerBackgroundSync(SAVED_SYNC_TAG)
  },
}))

/** Sends this user's queued changes; calls while one runs are folded into one more pass. */
export const flushSaved = (queryClient: QueryClient, userId: string): Promise<void> => runner.of(queryClient, userId).kick()

/** Signed out (or another user): this tab stops sending for the last one. */
export const stopSaved = () => runner.stop()

/** Someone signed in: hearts another user left unsent on this device are not theirs. */
export const dropOtherUsersChanges = (userId: string) => dropOtherUsers(savedQueue(), userId, savedQueueDef.key)

/** Where the worker tells tabs what it did with the queue (null without BroadcastChannel). */
export const savedQueueChannel = () => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(SAVED_QUEUE_CHANNEL))

/** A heart the service worker sent or saw refused: folded into this tab's list, then the list and queue read again. */
export async function applyWorkerSavedEvent(queryClient: QueryClient, userId: string, event: QueueEvent<SavedChange>) {
  if (event.record?.userId !== userId) return
  await takeIntoList(queryClient, userId, event.type === 'sent' ? [event.record] : [], true)
}
