// The offline message outbox, shared by the page and the service worker (DOM-free: IndexedDB through
// idb-keyval, fetch, Blob, FormData and Web Locks exist in both). A record is created when a message is
// written, sent in order when the network allows, and removed once the server has it. The clientId makes
// a send idempotent on the server, so a record sent twice (page and worker racing, a lost answer) is
// still delivered once.
import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval'

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
  /** ISO time the user pressed send. */
  createdAt: string
  /** Sending order (monotonic). */
  seq: number
  status: 'pending' | 'failed'
  attempts: number
  error?: string
}

/** What the page mirrors for the worker, which cannot read localStorage. */
export interface OutboxSession {
  token: string
  userId: string
  apiUrl: string
}

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

export async function listOutbox(store: UseStore, userId?: string): Promise<OutboxRecord[]> {
  const all = (await entries<string, OutboxRecord>(store)).map(([, r]) => r)
  return all.filter((r) => !userId || r.userId === userId).sort((a, b) => a.seq - b.seq)
}

export const removeFromOutbox = (store: UseStore, clientId: string) => del(clientId, store)
export const clearOutbox = (store: UseStore) => clear(store)

async function update(store: UseStore, clientId: string, change: Partial<OutboxRecord>) {
  const current = await get<OutboxRecord>(clientId, store)
  if (current) await set(clientId, { ...current, ...change }, store)
}
export const markFailed = (store: UseStore, clientId: string, error: string) => update(store, clientId, { status: 'failed', error })
export const markPending = (store: UseStore, clientId: string) => update(store, clientId, { status: 'pending', error: undefined })

export const saveSession = (store: UseStore, session: OutboxSession) => set('current', session, store)
export const loadSession = (store: UseStore) => get<OutboxSession>('current', store)
export const clearSession = (store: UseStore) => clear(store)

/** POST /messages as multipart: content, receiverId, clientId and the photos. */
export async function sendOutboxRecord(record: OutboxRecord, session: OutboxSession, fetchImpl: typeof fetch = fetch): Promise<SendResult> {
  const form = new FormData()
  form.append('receiverId', record.receiverId)
  form.append('clientId', record.clientId)
  if (record.content.trim()) form.append('content', record.content.trim())
  for (const p of record.photos) form.append('photos', p.blob, p.name)
  let res: Response
  try {
    res = await fetchImpl(`${session.apiUrl.replace(/\/$/, '')}/messages`, {
      method: 'POST',
      body: form,
      credentials: 'include',
      headers: { Accept: 'application/json', Authorization: `Bearer ${session.token}` },
    })
  } catch (err) {
    return { kind: 'retry-later', reason: err instanceof Error ? err.message : 'network error' }
  }
  if (res.ok) return { kind: 'sent', message: await res.json().catch(() => null) }
  if (res.status === 401) return { kind: 'unauthorized' }
  if (res.status >= 500 || res.status === 408 || res.status === 429) return { kind: 'retry-later', reason: `HTTP ${res.status}` }
  const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string }
  return { kind: 'refused', status: res.status, error: body.error ?? body.message ?? 'Failed to send message. Please try again.' }
}

async function withOutboxLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks
  return locks ? (locks.request('nookshare-outbox-flush', fn) as Promise<T>) : fn()
}

/**
 * Sends the user's pending records in order. A record the server refuses is marked failed and the
 * rest go on; a network or server error stops the flush so nothing overtakes an unsent message.
 */
export async function flushOutbox(
  store: UseStore,
  session: OutboxSession,
  opts: { fetch?: typeof fetch; onEvent?: (e: OutboxEvent) => void } = {},
): Promise<{ sent: number; failed: number; remaining: number }> {
  return withOutboxLock(async () => {
    let sent = 0
    let failed = 0
    const pending = (await listOutbox(store, session.userId)).filter((r) => r.status === 'pending')
    for (const record of pending) {
      const result = await sendOutboxRecord(record, session, opts.fetch)
      if (result.kind === 'sent') {
        await removeFromOutbox(store, record.clientId)
        sent++
        opts.onEvent?.({ type: 'sent', clientId: record.clientId, userId: record.userId, message: result.message })
      } else if (result.kind === 'refused') {
        await markFailed(store, record.clientId, result.error)
        failed++
        opts.onEvent?.({ type: 'failed', clientId: record.clientId, userId: record.userId, error: result.error })
      } else {
        await update(store, record.clientId, { attempts: record.attempts + 1 })
        break
      }
    }
    const remaining = (await listOutbox(store, session.userId)).filter((r) => r.status === 'pending').length
    return { sent, failed, remaining }
  })
}
