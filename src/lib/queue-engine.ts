// The one queue engine for every action taken on a bad link (messages, evidence photos, saved listings…),
// shared by the page and the service worker (DOM-free: IndexedDB through idb-keyval, fetch, AbortController
// and Web Locks exist in both). One policy for all: records of a queue are sent one at a time in order,
// each attempt with a deadline (a hung request never holds the queue or its lock), and the answer decides:
// 2xx (JSON or empty) → done; 401 → the queue stops and keeps everything until the same user signs in
// again; 408, 429, 5xx, no answer, or an answer that is not ours (a captive portal's HTML) → try again
// later with backoff; any other 4xx → the record comes back to the screen with the server's reason.
import { entries, get, set, del, type UseStore } from 'idb-keyval'

/** The signed-in user the queue sends for (the page reads it; the worker reads the copy the page mirrors). */
export interface QueueSession {
  token: string
  userId: string
  apiUrl: string
}

/** What every queued record carries besides its own payload. */
export interface QueuedRecord {
  userId: string
  status?: 'pending' | 'failed'
  attempts?: number
  error?: string
  /** Sending order (monotonic); records without one are ordered by createdAt. */
  seq?: number
  createdAt?: string
}

export interface QueueDef<R extends QueuedRecord> {
  /** Names the queue's Web Lock (`nookshare-<name>-flush`): one flush at a time across tabs and the worker. */
  name: string
  /** The record's key in its store. */
  key(record: R): string
  /** Sent as the Idempotency-Key header (and by the request itself where the server reads it from the body). */
  idempotencyKey(record: R): string
  /** The attempt's request, relative to the API's base URL. */
  request(record: R): { path: string; init: RequestInit }
  /** How long one attempt may take before it is aborted and counted as no answer. */
  deadlineMs?(record: R): number
  /** Shown when the server refuses without saying why. */
  refusedText: string
  /** A refused record is dropped instead of kept as failed (the screen then shows the server's state). */
  dropRefused?: boolean
}

export const DEFAULT_DEADLINE_MS = 15_000
/** Backoff: 2 s after the first failure (spec 9's retry), doubling up to a minute, ±20 % jitter. */
export const RETRY_BASE_MS = 2_000
export const RETRY_MAX_MS = 60_000

export function retryDelay(attempts: number, random: () => number = Math.random): number {
  const plain = Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(plain * (0.8 + 0.4 * random()))
}

export type AttemptResult =
  { kind: 'done'; body: unknown } | { kind: 'refused'; status: number; error: string } | { kind: 'unauthorized' } | { kind: 'retry'; reason: string }

export interface QueueEvent<R> {
  type: 'sent' | 'failed'
  record: R
  /** The server's answer (sent) or reason (failed). */
  body?: unknown
  error?: string
}

export interface FlushResult {
  sent: number
  failed: number
  /** The user's pending records left. */
  remaining: number
  /** Why the flush stopped before the end: no usable answer (try again later) or a 401 (wait for sign-in). */
  stopped?: 'retry' | 'unauthorized'
  /** When stopped: the attempts the first waiting record has had (for the backoff), and its key. */
  attempts?: number
  waiting?: string
}

/** Records queued before the engine may have no status: they are waiting. */
export const isPending = (r: QueuedRecord) => (r.status ?? 'pending') === 'pending'
const orderOf = (r: QueuedRecord) => r.seq ?? (r.createdAt ? Date.parse(r.createdAt) * 1000 : 0)
/** A record replaced while it was being sent (a newer tap) is not the one the answer is about. */
const sameVersion = (a: QueuedRecord, b: QueuedRecord | undefined) => b !== undefined && orderOf(a) === orderOf(b) && isPending(a) === isPending(b)

export async function listQueue<R extends QueuedRecord>(store: UseStore, userId?: string): Promise<R[]> {
  return (await entries<string, R>(store))
    .map(([, r]) => r)
    .filter((r) => !userId || r.userId === userId)
    .sort((a, b) => orderOf(a) - orderOf(b))
}

const jsonOrEmpty = async (res: Response): Promise<{ ok: true; body: unknown } | { ok: false }> => {
  const text = await res.text().catch(() => null)
  if (text === null) return { ok: false }
  if (!text.trim()) return { ok: true, body: null }
  try {
    return { ok: true, body: JSON.parse(text) as unknown }
  } catch {
    return { ok: false }
  }
}

/** One attempt under its deadline, its answer classified by the one policy. */
export async function attempt<R extends QueuedRecord>(
  def: QueueDef<R>,
  record: R,
  session: QueueSession,
  fetchImpl: typeof fetch = fetch,
  /** Given up before its deadline (the runner saw the link come back: this request is likely on a dead connection). */
  signal?: AbortSignal,
): Promise<AttemptResult> {
  const { path, init } = def.request(record)
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), def.deadlineMs?.(record) ?? DEFAULT_DEADLINE_MS)
  const giveUp = () => controller.abort()
  if (signal?.aborted) giveUp()
  signal?.addEventListener('abort', giveUp)
  try {
    const res = await fetchImpl(`${session.apiUrl.replace(/\/$/, '')}/${path}`, {
      credentials: 'include',
      ...init,
      signal: controller.signal,
      headers: {
        Accept: 'application/json',
        ...(init.headers as Record<string, string>),
        Authorization: `Bearer ${session.token}`,
        'Idempotency-Key': def.idempotencyKey(record),
      },
    })
    // The body is read under the same deadline: a link that hangs mid-answer is no answer.
    const answer = await jsonOrEmpty(res)
    if (res.status === 401) return { kind: 'unauthorized' }
    if (res.status === 408 || res.status === 429 || res.status >= 500) return { kind: 'retry', reason: `HTTP ${res.status}` }
    if (!answer.ok) return { kind: 'retry', reason: 'not an answer from the API' }
    if (res.ok) return { kind: 'done', body: answer.body }
    const body = (answer.body ?? {}) as { error?: string; message?: string }
    return { kind: 'refused', status: res.status, error: body.error ?? body.message ?? def.refusedText }
  } catch (err) {
    return { kind: 'retry', reason: controller.signal.aborted ? 'deadline passed' : err instanceof Error ? err.message : 'network error' }
  } finally {
    clearTimeout(timer)
    signal?.removeEventListener('abort', giveUp)
  }
}

async function withLock<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks
  return locks ? (locks.request(`nookshare-${name}-flush`, fn) as Promise<T>) : fn()
}

/**
 * Sends the user's pending records in order. A refused record is set aside (failed, or dropped) and the
 * rest go on; no usable answer or a 401 stops the flush, so nothing overtakes a record still waiting.
 */
export function flushQueue<R extends QueuedRecord>(
  def: QueueDef<R>,
  store: UseStore,
  session: QueueSession,
  opts: { fetch?: typeof fetch; onEvent?: (event: QueueEvent<R>) => void; signal?: AbortSignal } = {},
): Promise<FlushResult> {
  return withLock(def.name, async () => {
    let sent = 0
    let failed = 0
    let stopped: FlushResult['stopped']
    let attempts = 0
    let waiting = ''
    const pending = (await listQueue<R>(store, session.userId)).filter(isPending)
    for (const record of pending) {
      const key = def.key(record)
      // Discarded or replaced by another tab while this flush waited for the lock.
      if (!sameVersion(record, await get<R>(key, store))) continue
      const result = await attempt(def, record, session, opts.fetch, opts.signal)
      const now = await get<R>(key, store)
      if (result.kind === 'done') {
        if (sameVersion(record, now)) await del(key, store)
        sent++
        opts.onEvent?.({ type: 'sent', record, body: result.body })
      } else if (result.kind === 'refused') {
        if (sameVersion(record, now)) await (def.dropRefused ? del(key, store) : set(key, { ...now, status: 'failed', error: result.error }, store))
        failed++
        opts.onEvent?.({ type: 'failed', record, error: result.error })
      } else {
        // A 401 is no attempt of the record's: it waits, untouched, for the user to sign in again.
        attempts = (record.attempts ?? 0) + (result.kind === 'retry' ? 1 : 0)
        if (result.kind === 'retry' && sameVersion(record, now)) await set(key, { ...now, attempts }, store)
        stopped = result.kind === 'retry' ? 'retry' : 'unauthorized'
        waiting = key
        break
      }
    }
    const remaining = (await listQueue<R>(store, session.userId)).filter(isPending).length
    return stopped ? { sent, failed, remaining, stopped, attempts, waiting } : { sent, failed, remaining }
  })
}

/** Puts a failed record back in line (Retry). */
export async function requeue<R extends QueuedRecord>(store: UseStore, key: string) {
  const current = await get<R>(key, store)
  if (current) await set(key, { ...current, status: 'pending', error: undefined }, store)
}

/** Another user signed in on this device: what the last one left unsent is not theirs to send or see. */
export async function dropOtherUsers<R extends QueuedRecord>(store: UseStore, userId: string, keyOf: (record: R) => string) {
  for (const record of await listQueue<R>(store)) if (record.userId !== userId) await del(keyOf(record), store)
}
