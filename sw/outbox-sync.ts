// Sends queued messages from the IndexedDB outbox when Background Sync fires ('outbox'), even with no
// tab open, or when a page asks (FLUSH_OUTBOX, where Background Sync is missing: the evidence photos,
// the action queue's steps and the saved listings go too); tells open tabs what was delivered. A 401 ends the flush, keeps the messages, and forgets the
// dead token, so nothing is tried again until the page mirrors a new session (the next sign-in).
import {
  flushOutbox,
  forgetSessionAfter401,
  loadSession,
  openOutboxStore,
  openSessionStore,
  OUTBOX_CHANNEL,
  OUTBOX_SYNC_TAG,
  type OutboxEvent,
} from '../src/lib/outbox'
import type { FlushResult } from '../src/lib/queue-engine'
import { SW_MESSAGE } from '@contract/sw-protocol'
import { runActionFlush } from './action-sync'
import { runEvidenceFlush } from './evidence-sync'
import { runSavedFlush } from './saved-sync'

interface SyncEvent extends ExtendableEvent {
  readonly tag: string
  readonly lastChance: boolean
}

async function tellTabs(scope: ServiceWorkerGlobalScope, event: OutboxEvent) {
  const channel = new BroadcastChannel(OUTBOX_CHANNEL)
  channel.postMessage(event)
  channel.close()
  const clients = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const client of clients) client.postMessage({ type: SW_MESSAGE.outboxEvent, event })
}

/** A sync is failed (so the browser tries it again later, with its own back-off) only while records wait for an answer. */
export const stillWaiting = (r: FlushResult) => r.stopped === 'retry'

/** One flush of the signed-in user's outbox. */
export async function runOutboxFlush(scope: ServiceWorkerGlobalScope, fetchImpl: typeof fetch = fetch): Promise<FlushResult> {
  const session = await loadSession(openSessionStore())
  if (!session) return { sent: 0, failed: 0, remaining: 0 }
  const pending: Promise<void>[] = []
  const result = await flushOutbox(openOutboxStore(), session, {
    fetch: fetchImpl,
    onEvent: (e) => void pending.push(tellTabs(scope, e)),
  })
  if (result.sent || result.failed) pending.push(tellTabs(scope, { type: 'changed', userId: session.userId }))
  await Promise.all([...pending, forgetSessionAfter401(result, session)])
  return result
}

/** The worker's start where Background Sync is missing (Safari, Firefox): what waits is tried at once. */
export function flushQueuesAtStart(scope: ServiceWorkerGlobalScope) {
  if ('sync' in (scope.registration ?? {})) return
  void runOutboxFlush(scope).catch(() => {})
  void runEvidenceFlush().catch(() => {})
  void runActionFlush().catch(() => {})
  void runSavedFlush().catch(() => {})
}

export function registerOutboxSync(scope: ServiceWorkerGlobalScope) {
  scope.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return
    event.waitUntil(
      runOutboxFlush(scope).then((r) => {
        if (stillWaiting(r)) throw new Error(`${r.remaining} message(s) still waiting for the network`)
      }),
    )
  }) as EventListener)

  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type !== SW_MESSAGE.flushOutbox) return
    const reply = event.ports[0]
    event.waitUntil(
      Promise.all([
        runOutboxFlush(scope).then(
          (r) => reply?.postMessage({ sent: r.sent, failed: r.failed, remaining: r.remaining }),
          (err: unknown) => reply?.postMessage({ error: err instanceof Error ? err.message : String(err) }),
        ),
        runEvidenceFlush().catch(() => {}),
        runActionFlush().catch(() => {}),
        runSavedFlush().catch(() => {}),
      ]),
    )
  })
}
