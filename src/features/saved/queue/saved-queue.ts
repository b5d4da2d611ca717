// The offline queue of save/unsave changes, kept in IndexedDB (idb-keyval) so a heart tapped offline
// survives a reload, and sent by the one queue engine (lib/queue-engine.ts). One record per user and
// listing: a newer tap replaces the older one (the last write wins), and a record is removed once the
// server has that exact change. PUT and DELETE are idempotent, so a change sent twice is applied once; a
// refused one (the listing gone) is dropped and the heart shows the server's state. DOM-free.
import { clear, createStore, set, type UseStore } from 'idb-keyval'
import type { Storage } from '@contract/storage'
import { flushQueue, listQueue, type QueueDef, type QueueEvent, type QueueSession } from '../../../lib/queue-engine'
import { onSessionEnd } from '../../../lib/session-cleanup'

export const SAVED_QUEUE_DB = 'nookshare-saved'
export const SAVED_QUEUE_STORE = 'changes'

export interface SavedChange {
  userId: string
  storageId: string
  saved: boolean
  /** The listing as the user saw it, so the dashboard can show it before the server has the change. */
  storage?: Storage
  /** Order of taps (monotonic); also tells a flush whether the record changed while it was sent. */
  seq: number
  status?: 'pending' | 'failed'
  attempts?: number
}

export const openSavedQueue = (dbName = SAVED_QUEUE_DB): UseStore => createStore(dbName, SAVED_QUEUE_STORE)
const keyOf = (userId: string, storageId: string) => `${userId}:${storageId}`

let lastSeq = 0
const nextSeq = (now = Date.now()) => (lastSeq = Math.max(now * 1000, lastSeq + 1))

export async function queueChange(store: UseStore, change: Omit<SavedChange, 'seq' | 'status' | 'attempts'>): Promise<SavedChange> {
  const full: SavedChange = { ...change, seq: nextSeq(), status: 'pending', attempts: 0 }
  await set(keyOf(change.userId, change.storageId), full, store)
  return full
}

export const listChanges = (store: UseStore, userId: string) => listQueue<SavedChange>(store, userId)

export const clearSavedQueue = (store: UseStore) => clear(store)

/**
 * Logout wipes the queue: the next user of the device must not send (or see) these changes; a 401 keeps
 * them for the same user's next sign-in. Registered at startup (main.tsx), not by the queue's client
 * (saved-client), which the page may not have loaded yet when the user logs out.
 */
export const clearSavedQueueOnSessionEnd = () => onSessionEnd((reason) => (reason === 'logout' ? clearSavedQueue(openSavedQueue()) : undefined))

/** The saved-listings queue on the engine: PUT or DELETE /saved-storages/:storageId. */
export const savedQueueDef: QueueDef<SavedChange> = {
  name: 'saved',
  key: (c) => keyOf(c.userId, c.storageId),
  idempotencyKey: (c) => `${keyOf(c.userId, c.storageId)}:${c.seq}`,
  request: (c) => ({ path: `saved-storages/${encodeURIComponent(c.storageId)}`, init: { method: c.saved ? 'PUT' : 'DELETE' } }),
  refusedText: 'This storage listing does not exist or is not available.',
  dropRefused: true,
}

/**
 * Sends the user's changes in tap order. A change the server has (or that no longer applies: the listing
 * is gone) is removed unless a newer tap replaced it meanwhile; no answer stops the flush for later.
 */
export function flushSavedQueue(store: UseStore, session: QueueSession, opts: { fetch?: typeof fetch; onEvent?: (e: QueueEvent<SavedChange>) => void; signal?: AbortSignal } = {}) {
  return flushQueue(savedQueueDef, store, session, opts)
}
