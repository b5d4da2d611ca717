// The page's side of the evidence photo queue: queue a photo (with its client id) the moment it is taken,
// upload now or when the network is back (here on 'online' and on start; in the service worker through
// Background Sync), and refresh the check when one lands. The session for the worker is the one the
// messages outbox mirrors. Cleared on logout (lib/offline-data-wipe.ts).
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import {
  EVIDENCE_CHANNEL,
  EVIDENCE_SYNC_TAG,
  enqueueEvidence,
  flushEvidenceOutbox,
  listEvidenceOutbox,
  openEvidenceStore,
  removeEvidence,
  type EvidenceOutboxEvent,
  type EvidenceOutboxRecord,
} from '../../../lib/evidence-outbox'
import { API_URL } from '../../../lib/api-client'
import { LS, readLocal } from '../../../lib/storage-keys'
import { evidenceKeys } from '../api/keys'

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

let flushing: Promise<void> | null = null
let again = false
let retryTimer: ReturnType<typeof setTimeout> | undefined
let retryDelay = 2_000

/**
 * Uploads this user's queued photos. A call while one runs makes it go round once more (a photo queued
 * meanwhile is not left behind); photos still waiting while the browser says it is online are tried again
 * after a while (the 'online' event can come before the connection carries anything).
 */
export function flushEvidenceNow(queryClient: QueryClient, userId: string): Promise<void> {
  const s = session(userId)
  if (!s || navigator.onLine === false) return Promise.resolve()
  if (flushing) {
    again = true
    return flushing
  }
  clearTimeout(retryTimer)
  flushing = flushEvidenceOutbox(evidenceStore(), s, {
    onEvent: (event) => {
      evidenceChannel()?.postMessage(event)
      applyEvidenceEvent(queryClient, userId, event)
    },
  })
    .then(async ({ remaining }) => {
      await queryClient.invalidateQueries({ queryKey: evidenceKeys.outbox(userId) })
      if (remaining > 0 && !again) {
        retryTimer = setTimeout(() => void flushEvidenceNow(queryClient, userId), retryDelay)
        retryDelay = Math.min(retryDelay * 2, 30_000)
      } else retryDelay = 2_000
    })
    .catch((err: unknown) => console.error('Evidence upload failed', err))
    .finally(() => {
      flushing = null
      if (again) {
        again = false
        void flushEvidenceNow(queryClient, userId)
      }
    })
  return flushing
}

async function registerBackgroundSync() {
  try {
    const reg = await navigator.serviceWorker?.getRegistration()
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync
    await sync?.register(EVIDENCE_SYNC_TAG)
  } catch {
    /* An extra: the page also uploads on 'online' and on start. */
  }
}

/** Queues one photo (the file is kept in IndexedDB) and tries to upload it at once. */
export async function queueEvidencePhoto(queryClient: QueryClient, record: Omit<EvidenceOutboxRecord, 'status' | 'attempts'>) {
  await enqueueEvidence(evidenceStore(), record)
  await queryClient.invalidateQueries({ queryKey: evidenceKeys.outbox(record.userId) })
  void registerBackgroundSync()
  void flushEvidenceNow(queryClient, record.userId)
}

export async function discardEvidencePhoto(queryClient: QueryClient, userId: string, clientId: string) {
  await removeEvidence(evidenceStore(), clientId)
  await queryClient.invalidateQueries({ queryKey: evidenceKeys.outbox(userId) })
}
