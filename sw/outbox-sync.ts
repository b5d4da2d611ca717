// Sends queued messages from the IndexedDB outbox when Background Sync fires ('outbox'), even with no
// tab open, or when a page asks (FLUSH_OUTBOX); tells open tabs what was delivered.
import { flushOutbox, loadSession, openOutboxStore, openSessionStore, OUTBOX_CHANNEL, OUTBOX_SYNC_TAG, type OutboxEvent } from '../src/lib/outbox'
import { SW_MESSAGE } from '@contract/sw-protocol'

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

/**
 * One flush of the signed-in user's outbox. Rejects while messages are still waiting for the network,
 * so the browser retries the sync later (with its own back-off).
 */
export async function runOutboxFlush(scope: ServiceWorkerGlobalScope, fetchImpl: typeof fetch = fetch) {
  const session = await loadSession(openSessionStore())
  if (!session) return { sent: 0, failed: 0, remaining: 0 }
  const pending: Promise<void>[] = []
  const result = await flushOutbox(openOutboxStore(), session, {
    fetch: fetchImpl,
    onEvent: (e) => void pending.push(tellTabs(scope, e)),
  })
  if (result.sent || result.failed) pending.push(tellTabs(scope, { type: 'changed', userId: session.userId }))
  await Promise.all(pending)
  return result
}

export function registerOutboxSync(scope: ServiceWorkerGlobalScope) {
  scope.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== OUTBOX_SYNC_TAG) return
    event.waitUntil(
      runOutboxFlush(scope).then((r) => {
        if (r.remaining > 0) throw new Error(`${r.remaining} message(s) still waiting for the network`)
      }),
    )
  }) as EventListener)

  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: string } | null)?.type !== SW_MESSAGE.flushOutbox) return
    const reply = event.ports[0]
    event.waitUntil(
      runOutboxFlush(scope).then(
        (r) => reply?.postMessage(r),
        (err: unknown) => reply?.postMessage({ error: err instanceof Error ? err.message : String(err) }),
      ),
    )
  })
}
