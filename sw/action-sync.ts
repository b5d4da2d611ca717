// Sends the action queue's steps (a host's accept or decline, the move-out notice, "Space is clear", a
// review, a report, a claim draft) when Background Sync fires ('action-queue'), even with no tab open, or
// at the worker's start and on a page's FLUSH_OUTBOX where Background Sync is missing (outbox-sync.ts);
// tells open tabs what was sent or refused (queue-sync.ts: the session, the channel, the 401).
import { ACTION_QUEUE_CHANNEL, ACTION_SYNC_TAG, flushActions, openActionQueue } from '../src/lib/action-queue'
import type { FlushResult } from '../src/lib/queue-engine'
import { flushWithMirroredSession, onSyncTag } from './queue-sync'

/** One flush of the signed-in user's queued steps. */
export const runActionFlush = (fetchImpl: typeof fetch = fetch): Promise<FlushResult> =>
  flushWithMirroredSession(ACTION_QUEUE_CHANNEL, { sent: 0, failed: 0, remaining: 0 }, (session, onEvent) =>
    flushActions(openActionQueue(), session, { fetch: fetchImpl, onEvent }),
  )

export const registerActionSync = (scope: ServiceWorkerGlobalScope) => onSyncTag(scope, ACTION_SYNC_TAG, () => runActionFlush(), 'step(s)')
