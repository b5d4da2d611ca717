// The offline message outbox, shared by the page and the service worker (DOM-free: IndexedDB through
// idb-keyval, fetch, Blob, FormData and Web Locks exist in both). A record is created when a message is
// written, sent in order when the network allows, and removed once the server has it. The clientId makes
// a send idempotent on the server, so a record sent twice (page and worker racing, a lost answer) is
// still delivered once.
import { clear, del, get, set, type UseStore } from 'idb-keyval'
import { createStore } from './idb-store'
import { attempt, DEFAULT_DEADLINE_MS, flushQueue, listQueue, requeue, type FlushResult, type QueueDef, type QueueSession } from './queue-engine'

export const OUTBOX_DB = 'nookshare-outbox'
export const OUTBOX_STORE = 'messages'
export const SESSION_DB = 'nookshare-session'
export const SESSION_STORE = 'session'
/** Background Sync tag the page registers and the service worker answers. */
export const OUTBOX_SYNC_TAG = 'outbox'
/** BroadcastChannel on which whoever flushes tells every tab what happened. */
export const OUTBOX_CHANNEL = 'nookshare-outbox'

export interface OutboxPhoto {
  name: string
  type: string
  blob: Blob
}

export interface OutboxRecord {
  /** Idempotency key sent to POST /messages (crypto.randomUUID()). */
  clientId: string
  /** The sender: the outbox is per user and only that user's records are sent with their token. */
  userId: string
  receiverId: string
  content: string
  photos: OutboxPhoto[]
  /** The listing the message is about (a chat opened by "Message host"), sent with it. */
  storageId?: string
  /** ISO time the user pressed send. */
  createdAt: string
  /** Sending order (monotonic). */
  seq: number
  status: 'pending' | 'failed'
  attempts: number
  error?: string
}

/** What the page mirrors for the worker, which cannot read localStorage. */
export type OutboxSession = QueueSession

export type SendResult =
  { kind: 'sent'; message: unknown } | { kind: 'refused'; status: number; error: string } | { kind: 'unauthorized' } | { kind: 'retry-later'; reason: string }

export interface OutboxEvent {
  type: 'sent' | 'failed' | 'changed'
  clientId?: string
  userId?: string
  message?: unknown
  error?: string
}

export const openOutboxStore = (dbName = OUTBOX_DB): UseStore => createStore(dbName, OUTBOX_STORE)
export const openSessionStore = (dbName = SESSION_DB): UseStore => createStore(dbName, SESSION_STORE)

let lastSeq = 0
export function nextSeq(now = Date.now()): number {
  lastSeq = Math.max(now * 1000, lastSeq + 1)
  return lastSeq
}

export async function enqueue(store: UseStore, record: Omit<OutboxRecord, 'seq' | 'status' | 'attempts'> & Partial<OutboxRecord>): Promise<OutboxRecord> {
  const full: OutboxRecord = { status: 'pending', attempts: 0, seq: nextSeq(), ...record }
  await set(full.clientId, full, store)
  return full
}

export const listOutbox = (store: UseStore, userId?: string): Promise<OutboxRecord[]> => listQueue<OutboxRecord>(store, userId)

export const removeFromOutbox = (store: UseStore, clientId: string) => del(clientId, store)
export const clearOutbox = (store: UseStore) => clear(store)
export const markPending = (store: UseStore, clientId: string) => requeue<OutboxRecord>(store, clientId)

export const saveSession = (store: UseStore, session: OutboxSession) => set('current', session, store)
export const loadSession = (store: UseStore) => get<OutboxSession>('current', store)
export const clearSession = (store: UseStore) => clear(store)
/** After a queue's 401 in the worker: its copy of the session is dropped, unless the page mirrored a new one meanwhile. */
export async function forgetSessionAfter401(result: FlushResult, session: OutboxSession, store: UseStore = openSessionStore()) {
  if (result.stopped !== 'unauthorized') return
  if ((await loadSession(store))?.token === session.token) await clearSession(store)
}

/** Uploads get longer than a text: 15 s plus 20 ms per KB (10 MB of photos at about 50 KB/s). */
export const uploadDeadline = (bytes: number) => DEFAULT_DEADLINE_MS + Math.round(bytes / 50)

/** The messages queue on the engine: POST /messages as multipart; the clientId is the idempotency key. */
export const messagesQueue: QueueDef<OutboxRecord> = {
  name: 'outbox',
  key: (r) => r.clientId,
  idempotencyKey: (r) => r.clientId,
  request(record) {
    const form = new FormData()
    form.append('receiverId', record.receiverId)
    form.append('clientId', record.clientId)
    if (record.content.trim()) form.append('content', record.content.trim())
    if (record.storageId) form.append('storageId', record.storageId)
    for (const p of record.photos) form.append('photos', p.blob, p.name)
    return { path: 'messages', init: { method: 'POST', body: form } }
  },
  deadlineMs: (r) => uploadDeadline(r.photos.reduce((n, p) => n + p.blob.size, 0)),
  refusedText: 'Failed to send message. Please try again.',
}

/** One attempt at sending a record (no queue, no lock): what the server made of it. */
export async function sendOutboxRecord(record: OutboxRecord, session: OutboxSession, fetchImpl: typeof fetch = fetch): Promise<SendResult> {
  const result = await attempt(messagesQueue, record, session, fetchImpl)
  if (result.kind === 'done') return { kind: 'sent', message: result.body }
  if (result.kind === 'retry') return { kind: 'retry-later', reason: result.reason }
  return result
}

/**
 * Sends the user's pending records in order (the engine's policy). A record the server refuses is marked
 * failed and the rest go on; no answer stops the flush so nothing overtakes an unsent message; a 401
 * stops it and keeps every record for the user's next sign-in.
 */
export async function flushOutbox(
  store: UseStore,
  session: OutboxSession,
  opts: { fetch?: typeof fetch; onEvent?: (e: OutboxEvent) => void; signal?: AbortSignal } = {},
): Promise<FlushResult> {
  return flushQueue(messagesQueue, store, session, {
    fetch: opts.fetch,
    signal: opts.signal,
    onEvent: (e) =>
      opts.onEvent?.(
        e.type === 'sent'
          ? { type: 'sent', clientId: e.record.clientId, userId: e.record.userId, message: e.body }
          : { type: 'failed', clientId: e.record.clientId, userId: e.record.userId, error: e.error },
      ),
  })
}
