// Uploads queued move-in/move-out photos when Background Sync fires ('evidence-outbox'), even with no tab
// open, and tells open tabs (queue-sync.ts: the session the messages outbox mirrors, the channel, the 401).
import { EVIDENCE_CHANNEL, EVIDENCE_SYNC_TAG, flushEvidenceOutbox, openEvidenceStore } from '../src/lib/evidence-outbox'
import type { FlushResult } from '../src/lib/queue-engine'
import { flushWithMirroredSession, onSyncTag } from './queue-sync'

export const runEvidenceFlush = (fetchImpl: typeof fetch = fetch): Promise<FlushResult & { uploaded: number }> =>
  flushWithMirroredSession(EVIDENCE_CHANNEL, { uploaded: 0, sent: 0, failed: 0, remaining: 0 }, (session, onEvent) =>
    flushEvidenceOutbox(openEvidenceStore(), session, { fetch: fetchImpl, onEvent }),
  )

export const registerEvidenceSync = (scope: ServiceWorkerGlobalScope) => onSyncTag(scope, EVIDENCE_SYNC_TAG, () => runEvidenceFlush(), 'photo(s)')
