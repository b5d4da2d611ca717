// The offline queue of save/unsave changes, kept in IndexedDB (idb-keyval) so a heart tapped offline
// survives a reload; sent by the one queue engine (saved-queue-def.ts, loaded with the sending code, so
// the engine stays out of the first load). One record per user and listing: a newer tap replaces the
// older one (the last write wins), and a record is removed once the server has that exact change. DOM-free.
import { clear, entries, set, type UseStore } from 'idb-keyval'
import { createStore } from './idb-store'
import type { Storage } from '@contract/storage'
import { onSessionEnd } from './session-cleanup'

export const SAVED_QUEUE_DB = 'nookshare-saved'
export const SAVED_QUEUE_STORE = 'changes'
/** Background Sync's tag for this queue: the worker sends it when the connection returns (sw/saved-sync.ts). */
export const SAVED_SYNC_TAG = 'saved-queue'
/** Where the worker tells open tabs what it sent or saw refused. */
export const SAVED_QUEUE_CHANNEL = 'nookshare-saved'

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
export const keyOf = (userId: string, storageId: string) => `${userId}:${storageId}`

let lastSeq = 0
const nextSeq = (now = Date.now()) => (lastSeq = Math.max(now * 1000, lastSeq + 1))

export async function queueChange(store: UseStore, change: Omit<SavedChange, 'seq' | 'status' | 'attempts'>): Promise<SavedChange> {
  const full: SavedChange = { ...change, seq: nextSeq(), status: 'pending', attempts: 0 }
  await set(keyOf(change.userId, change.storageId), full, store)
  return full
}

export async function listChanges(store: UseStore, userId: string): Promise<SavedChange[]> {
  return (await entries<string, SavedChange>(store))
    .map(([, c]) => c)
    .filter((c) => c.userId === userId)
    .sort((a, b) => a.seq - b.seq)
}

export const clearSavedQueue = (store: UseStore) => clear(store)

/**
 * Logout wipes the queue: the next user of the device must not send (or see) these changes; a 401 keeps
 * them for the same user's next sign-in. Registered at startup (main.tsx), not by the queue's client
 * (saved-client), which the page may not have loaded yet when the user logs out.
 */
export const clearSavedQueueOnSessionEnd = () => onSessionEnd((reason) => (reason === 'logout' ? clearSavedQueue(openSavedQueue()) : undefined))
