// The offline queue of save/unsave changes, kept in IndexedDB (idb-keyval) so a heart tapped offline
// survives a reload. One record per user and listing: a newer tap replaces the older one (the last
// write wins), and a record is removed once the server has that exact change. DOM-free.
import { clear, createStore, del, entries, get, set, type UseStore } from 'idb-keyval'
import type { Storage } from '@contract/storage'
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
}

export type SendChange = (change: SavedChange) => Promise<'done' | 'gone' | 'retry-later' | 'unauthorized'>

export const openSavedQueue = (dbName = SAVED_QUEUE_DB): UseStore => createStore(dbName, SAVED_QUEUE_STORE)
const keyOf = (userId: string, storageId: string) => `${userId}:${storageId}`

let lastSeq = 0
const nextSeq = (now = Date.now()) => (lastSeq = Math.max(now * 1000, lastSeq + 1))

export async function queueChange(store: UseStore, change: Omit<SavedChange, 'seq'>): Promise<SavedChange> {
  const full = { ...change, seq: nextSeq() }
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
 * Logout wipes the queue: the next user of the device must not send (or see) these changes. Registered at
 * startup (main.tsx), not by the queue's client (saved-client), which the page may not have loaded yet when
 * the user logs out.
 */
export const clearSavedQueueOnSessionEnd = () => onSessionEnd(() => clearSavedQueue(openSavedQueue()))

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as { locks?: LockManager } | undefined)?.locks
  return locks ? (locks.request('nookshare-saved-flush', fn) as Promise<T>) : fn()
}

/**
 * Sends the user's changes in tap order. A change the server has (or that no longer applies: the listing
 * is gone) is removed unless a newer tap replaced it meanwhile; no network stops the flush for later.
 */
export async function flushSavedQueue(store: UseStore, userId: string, send: SendChange): Promise<{ sent: number; remaining: number }> {
  return withLock(async () => {
    let sent = 0
    for (const change of await listChanges(store, userId)) {
      const result = await send(change)
      if (result === 'retry-later' || result === 'unauthorized') break
      const key = keyOf(change.userId, change.storageId)
      const now = await get<SavedChange>(key, store)
      if (now?.seq === change.seq) await del(key, store)
      sent++
    }
    return { sent, remaining: (await listChanges(store, userId)).length }
  })
}
