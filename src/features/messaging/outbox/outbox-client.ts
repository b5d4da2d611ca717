// The page's side of the message outbox: every message goes into it the moment it is sent (text, photos
// as Blobs, receiver, clientId, time), and the queue engine's runner sends them in order (at once when the
// link allows, else with backoff and on every sign of the network coming back); it mirrors the session
// for the service worker and tells other tabs (and hears from the worker) over a BroadcastChannel. A 401
// keeps the messages for the user's next sign-in; logout wipes them.
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import {
  clearOutbox,
  clearSession,
  enqueue,
  flushOutbox,
  listOutbox,
  markPending,
  messagesQueue,
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
import { API_URL, handleUnauthorized } from '../../../lib/api-client'
import { dropOtherUsers } from '../../../lib/queue-engine'
import { perUserRunner, type QueueRunner } from '../../../lib/queue-runner'
import { onSessionEnd } from '../../../lib/session-cleanup'
import { LS, readLocal } from '../../../lib/storage-keys'
import { toast } from '../../../lib/toast'
import { MessageSchema, type Message } from '@contract/messaging'
import { addSentMessage } from './cache-updates'
import { messagingKeys } from '../api/keys'
import { MESSAGES_TEXT } from '../lib/errors'
import { registerBackgroundSync } from '../../../lib/background-sync'

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

/** Puts a message in the outbox and shows it at once (a clock until the server has it); the runner sends it. */
export async function queueMessage(queryClient: QueryClient, record: Omit<OutboxRecord, 'seq' | 'status' | 'attempts'>) {
  const saved = await enqueue(outboxStore(), record)
  queuedHere.add(saved.clientId)
  queryClient.setQueryData(outboxQueryOptions(record.userId).queryKey, (old = []) => [...old.filter((r) => r.clientId !== saved.clientId), saved])
  // The worker is asked only when this page cannot send now: online, the page sends it itself.
  if (navigator.onLine === false) void registerBackgroundSync(OUTBOX_SYNC_TAG)
  void flushNow(queryClient, record.userId)
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

/** Messages this tab queued: the first retry of each says so once ('Retrying to send message...', spec 8). */
const queuedHere = new Set<string>()

const runner = perUserRunner((queryClient, userId) => ({
  flush: async (signal) => {
    const s = currentSession(userId)
    if (!s) return undefined
    const result = await flushOutbox(outboxStore(), s, {
      signal,
      onEvent: (event) => {
        if (event.clientId) queuedHere.delete(event.clientId)
        outboxChannel()?.postMessage(event)
        applyOutboxEvent(queryClient, userId, event)
      },
    })
    await queryClient.invalidateQueries({ queryKey: outboxQueryOptions(userId).queryKey })
    return result
  },
  onStopped: (result) => {
    if (result.stopped === 'unauthorized') return handleUnauthorized(`${API_URL}/messages`)
    void registerBackgroundSync(OUTBOX_SYNC_TAG)
    if (result.waiting && queuedHere.delete(result.waiting)) toast.warning(MESSAGES_TEXT.retrying)
  },
}))

/** The runner of this user's outbox (one per tab; a new user or client makes a new one). */
export const outboxRunner = (queryClient: QueryClient, userId: string): QueueRunner => runner.of(queryClient, userId)

/** Sends this user's pending messages in order now; safe to call often (one flush at a time, Web Locks across tabs). */
export const flushNow = (queryClient: QueryClient, userId: string) => outboxRunner(queryClient, userId).kick()

/** Signed out: no more sending for that user from this tab. */
export const stopOutbox = () => runner.stop()

/** Someone signed in: messages another user left unsent on this device are not theirs. */
export const dropOtherUsersMessages = (userId: string) => dropOtherUsers(outboxStore(), userId, messagesQueue.key)

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

// Logout wipes the outbox and the worker's copy of the session; a session the server ended (a 401) keeps
// the messages for the user's next sign-in, but the worker's copy of its token is dead.
onSessionEnd(async (reason) => {
  stopOutbox()
  await Promise.all([reason === 'logout' ? clearOutbox(outboxStore()) : undefined, clearSession(sessionStore())])
})
