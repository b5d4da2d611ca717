// The page's side of the evidence photo queue: queue a photo (with its client id) the moment it is taken,
// upload now or when the network is back (the queue engine's runner here; in the service worker through
// Background Sync, or its start), and refresh the check when one lands. The session for the worker is the
// one the messages outbox mirrors. Cleared on logout (lib/offline-data-wipe.ts), kept through a 401.
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import {
  EVIDENCE_CHANNEL,
  EVIDENCE_SYNC_TAG,
  enqueueEvidence,
  evidenceQueue,
  flushEvidenceOutbox,
  listEvidenceOutbox,
  openEvidenceStore,
  removeEvidence,
  type EvidenceOutboxEvent,
  type EvidenceOutboxRecord,
} from '../../../lib/evidence-outbox'
import { API_URL, handleUnauthorized } from '../../../lib/api-client'
import { dropOtherUsers } from '../../../lib/queue-engine'
import { perUserRunner } from '../../../lib/queue-runner'
import { LS, readLocal } from '../../../lib/storage-keys'
import { evidenceKeys } from '../api/keys'
import { registerBackgroundSync } from '../../../lib/background-sync'

let store: ReturnType<typeof openEvidenceStore> | undefined
const evidenceStore = () => (store ??= openEvidenceStore())

export const evidenceOutboxQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: evidenceKeys.outbox(userId),
    queryFn: () => listEvidenceOutbox(evidenceStore(), userId),
    networkMode: 'always',
    staleTime: Infinity,
    meta: { persist: false },
  })

let channel: BroadcastChannel | null | undefined
export function evidenceChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(EVIDENCE_CHANNEL)
  return channel
}

function session(userId: string) {
  const token = readLocal(LS.token)
  if (!token) return null
  const apiUrl = API_URL.startsWith('http') ? API_URL : new URL(API_URL, window.location.origin).toString()
  return { token, userId, apiUrl }
}

/** What an upload (ours, another tab's or the worker's) means for this tab's caches. */
export function applyEvidenceEvent(queryClient: QueryClient, userId: string, event: EvidenceOutboxEvent) {
  if (event.userId !== userId) return
  void queryClient.invalidateQueries({ queryKey: evidenceKeys.all(userId) })
}

const runner = perUserRunner((queryClient, userId) => ({
  flush: async (signal) => {
    const s = session(userId)
    if (!s) return undefined
    const result = await flushEvidenceOutbox(evidenceStore(), s, {
      signal,
      onEvent: (event) => {
        evidenceChannel()?.postMessage(event)
        applyEvidenceEvent(queryClient, userId, event)
      },
    })
    await queryClient.invalidateQueries({ queryKey: evidenceKeys.outbox(userId) })
    return result
  },
  onStopped: (result) => {
    if (result.stopped === 'unauthorized') handleUnauthorized(`${API_URL}/evidence`)
    else void registerBackgroundSync(EVIDENCE_SYNC_TAG)
  },
}))

/**
 * Uploads this user's queued photos (the queue engine's runner: one flush at a time, a call meanwhile makes
 * it go round once more, backoff while the server does not answer, again at once when it does, when the
 * page shows, and on 'online'). A 401 stops it and keeps the photos for the next sign-in.
 */
export const flushEvidenceNow = (queryClient: QueryClient, userId: string): Promise<void> => runner.of(queryClient, userId).kick()

/** Signed out (or another user): this tab stops uploading for the last one. */
export const stopEvidenceUploads = () => runner.stop()

/** Someone signed in: photos another user left on this device are not theirs. */
export const dropOtherUsersPhotos = (userId: string) => dropOtherUsers(evidenceStore(), userId, evidenceQueue.key)

/** Queues one photo (the file is kept in IndexedDB) and tries to upload it at once. */
export async function queueEvidencePhoto(queryClient: QueryClient, record: Omit<EvidenceOutboxRecord, 'status' | 'attempts'>) {
  await enqueueEvidence(evidenceStore(), record)
  await queryClient.invalidateQueries({ queryKey: evidenceKeys.outbox(record.userId) })
  // The worker is asked only when this page cannot upload now (offline, or the runner found no answer).
  if (navigator.onLine === false) void registerBackgroundSync(EVIDENCE_SYNC_TAG)
  void flushEvidenceNow(queryClient, record.userId)
}

export async function discardEvidencePhoto(queryClient: QueryClient, userId: string, clientId: string) {
  await removeEvidence(evidenceStore(), clientId)
  await queryClient.invalidateQueries({ queryKey: evidenceKeys.outbox(userId) })
}
