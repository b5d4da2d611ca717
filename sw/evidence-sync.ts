// Uploads queued move-in/move-out photos when Background Sync fires ('evidence-outbox'), even with no tab
// open, and tells open tabs over a BroadcastChannel. The session is the one the messages outbox mirrors;
// a 401 keeps the photos and forgets that session's dead token.
import { EVIDENCE_CHANNEL, EVIDENCE_SYNC_TAG, flushEvidenceOutbox, openEvidenceStore, type EvidenceOutboxEvent } from '../src/lib/evidence-outbox'
import { forgetSessionAfter401, loadSession, openSessionStore } from '../src/lib/outbox'
import type { FlushResult } from '../src/lib/queue-engine'

interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}

export async function runEvidenceFlush(fetchImpl: typeof fetch = fetch): Promise<FlushResult & { uploaded: number }> {
  const session = await loadSession(openSessionStore())
  if (!session) return { uploaded: 0, sent: 0, failed: 0, remaining: 0 }
  const channel = new BroadcastChannel(EVIDENCE_CHANNEL)
  try {
    const result = await flushEvidenceOutbox(openEvidenceStore(), session, { fetch: fetchImpl, onEvent: (e: EvidenceOutboxEvent) => channel.postMessage(e) })
    await forgetSessionAfter401(result, session)
    return result
  } finally {
    channel.close()
  }
}

export function registerEvidenceSync(scope: ServiceWorkerGlobalScope) {
  scope.addEventListener('sync', ((event: SyncEvent) => {
    if (event.tag !== EVIDENCE_SYNC_TAG) return
    event.waitUntil(
      runEvidenceFlush().then((r) => {
        if (r.stopped === 'retry') throw new Error(`${r.remaining} photo(s) still waiting for the network`)
      }),
    )
  }) as EventListener)
}
