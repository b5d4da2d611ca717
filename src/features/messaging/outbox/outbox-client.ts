// The page's side of the offline outbox: queue a message (text, photos as Blobs, receiver, clientId,
// time), flush in order when the network is back, mirror the session for the service worker, and tell
// other tabs (and hear from the worker) over a BroadcastChannel. Cleared on logout.
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import {
  clearOutbox,
  clearSession,
  enqueue,
  flushOutbox,
  listOutbox,
  markPending,
  OUTBOX_CHANNEL,
  OUTBOX_SYNC_TAG,
  openOutboxStore,
  openSessionStore,
  removeFromOutbox,
  saveSession,
  type OutboxEvent,
  type OutboxRecord,
  type OutboxSession,
} from '../../../lib/outbox'
import { API_URL } from '../../../lib/api-client'
import { onSessionEnd } from '../../../lib/session-cleanup'
import { LS, readLocal } from '../../../lib/storage-keys'
import { MessageSchema, type Message } from '@contract/messaging'
import { addSentMessage } from './cache-updates'
import { messagingKeys } from '../api/keys'

let outbox: ReturnType<typeof openOutboxStore> | undefined
let session: ReturnType<typeof openSessionStore> | undefined
export const outboxStore = () => (outbox ??= openOutboxStore())
export const sessionStore = () => (session ??= openSessionStore())

/** The outbox as a query (IndexedDB, so it works offline: networkMode 'always'). */
export const outboxQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: messagingKeys.outbox(userId),
    queryFn: () => listOutbox(outboxStore(), userId),
    networkMode: 'always',
    staleTime: Infinity,
    meta: { persist: false },
  })

export function currentSession(userId: string): OutboxSession | null {
  const token = readLocal(LS.token)
  if (!token) return null
  const apiUrl = API_URL.startsWith('http') ? API_URL : new URL(API_URL, window.location.origin).toString()
  return { token, userId, apiUrl }
}

/** Lets the service worker send for this user while no tab is open. */
export async function mirrorSession(userId: string) {
  const s = currentSession(userId)
  if (s) await saveSession(sessionStore(), s).catch(() => {})
}

let channel: BroadcastChannel | null | undefined
export function outboxChannel(): BroadcastChannel | null {
  if (channel === undefined) channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL)
  return channel
}

/** Asks the service worker to send when the connection is back (no-op without one or without Sync). */
export async function registerBackgroundSync() {
  try {
    const reg = await navigator.serviceWorker?.getRegistration()
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync
    await sync?.register(OUTBOX_SYNC_TAG)
  } catch {
    /* Background Sync is an extra: the page also flushes on 'online' and on start. */
  }
}

export async function queueMessage(queryClient: QueryClient, record: Omit<OutboxRecord, 'seq' | 'status' | 'attempts'>) {
  const saved = await enqueue(outboxStore(), record)
  await queryClient.invalidateQueries({ queryKey: outboxQueryOptions(record.userId).queryKey })
  void registerBackgroundSync()
  return saved
}

/** What an outbox event means for this tab's caches (from our own flush, another tab, or the worker). */
export function applyOutboxEvent(queryClient: QueryClient, userId: string, event: OutboxEvent) {
  if (event.userId && event.userId !== userId) return
  if (event.type === 'sent') {
    const parsed = MessageSchema.safeParse(event.message)
    if (parsed.success) addSentMessage(queryClient, userId, parsed.data as Message)
  }
  void queryClient.invalidateQueries({ queryKey: outboxQueryOptions(userId).queryKey })
  if (event.type === 'sent') {
    void queryClient.invalidateQueries({ queryKey: messagingKeys.messagesOf(userId) })
    void queryClient.invalidateQueries({ queryKey: messagingKeys.conversations(userId) })
  }
}

/** Sends this user's pending messages in order; safe to call often (Web Locks serialise flushes). */
export async function flushNow(queryClient: QueryClient, userId: string) {
  const s = currentSession(userId)
  if (!s || (typeof navigator !== 'undefined' && navigator.onLine === false)) return
  await flushOutbox(outboxStore(), s, {
    fetch: (input, init) => fetch(input, init),
    onEvent: (event) => {
      outboxChannel()?.postMessage(event)
      applyOutboxEvent(queryClient, userId, event)
    },
  })
  await queryClient.invalidateQueries({ queryKey: outboxQueryOptions(userId).queryKey })
}

export async function retryRecord(queryClient: QueryClient, userId: string, clientId: string) {
  await markPending(outboxStore(), clientId)
  await queryClient.invalidateQueries({ queryKey: outboxQueryOptions(userId).queryKey })
  await flushNow(queryClient, userId)
}

export async function discardRecord(queryClient: QueryClient, userId: string, clientId: string) {
  await removeFromOutbox(outboxStore(), clientId)
  outboxChannel()?.postMessage({ type: 'changed', clientId, userId } satisfies OutboxEvent)
  await queryClient.invalidateQueries({ queryKey: outboxQueryOptions(userId).queryKey })
}

// Logout wipes the outbox and the worker's copy of the session.
onSessionEnd(async () => {
  await Promise.all([clearOutbox(outboxStore()), clearSession(sessionStore())])
})
