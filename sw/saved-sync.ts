// Sends the saved-listings queue (hearts tapped on a bad link) when Background Sync fires ('saved-queue'),
// even with no tab open, or at the worker's start and on a page's FLUSH_OUTBOX where Background Sync is
// missing (outbox-sync.ts); tells open tabs what was sent or dropped (queue-sync.ts: the session, the
// channel, the 401).
import type { FlushResult } from '../src/lib/queue-engine'
import { flushSavedQueue } from '../src/lib/saved-queue-def'
import { openSavedQueue, SAVED_QUEUE_CHANNEL, SAVED_SYNC_TAG } from '../src/lib/saved-queue'
import { flushWithMirroredSession, onSyncTag } from './queue-sync'

/** One flush of the signed-in user's queued hearts. */
export const runSavedFlush = (fetchImpl: typeof fetch = fetch): Promise<FlushResult> =>
  flushWithMirroredSession(SAVED_QUEUE_CHANNEL, { sent: 0, failed: 0, remaining: 0 }, (session, onEvent) =>
    flushSavedQueue(openSavedQueue(), session, { fetch: fetchImpl, onEvent }),
  )

export const registerSavedSync = (scope: ServiceWorkerGlobalScope) => onSyncTag(scope, SAVED_SYNC_TAG, () => runSavedFlush(), 'saved listing change(s)')
