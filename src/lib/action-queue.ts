// The queue of single steps taken on a bad link (a host's accept or decline, the move-out notice, "Space
// is clear", a review, a report): each is one POST, kept in IndexedDB and sent by the one queue engine in
// the order taken, with its own Idempotency-Key, so a retry whose first answer was lost is answered from
// the first run instead of changing anything twice. A refused step stays, failed with the server's
// reason, until the screen that took it dismisses it. DOM-free (the worker may import it).
import { clear, del, set, type UseStore } from 'idb-keyval'
import { createStore } from './idb-store'
import { onSessionEnd } from './session-cleanup'
import { flushQueue, listQueue, type QueueDef, type QueueEvent, type QueueSession, type QueuedRecord } from './queue-engine'

export const ACTION_QUEUE_DB = 'nookshare-actions'
export const ACTION_QUEUE_STORE = 'actions'
/** Background Sync tag the page registers and the service worker answers (sw/action-sync.ts). */
export const ACTION_SYNC_TAG = 'action-queue'
/** BroadcastChannel on which the worker tells open tabs what it sent or what was refused. */
export const ACTION_QUEUE_CHANNEL = 'nookshare-actions'

export interface QueuedAction extends QueuedRecord {
  /** The key in the store and the Idempotency-Key (crypto.randomUUID()). */
  id: string
  /** What the step is, for the screen that shows it ('booking-accept', 'review'…). */
  kind: string
  /** What it is about (a booking's id, a report's target), so that screen finds its own. */
  target: string
  /** Relative to the API's base URL, e.g. `bookings/<id>/accept`. */
  path: string
  body: unknown
  seq: number
  createdAt: string
}

export const openActionQueue = (dbName = ACTION_QUEUE_DB): UseStore => createStore(dbName, ACTION_QUEUE_STORE)

export const actionQueueDef: QueueDef<QueuedAction> = {
  name: 'actions',
  key: (a) => a.id,
  idempotencyKey: (a) => a.id,
  request: (a) => ({
    path: a.path,
    init: { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(a.body ?? {}) },
  }),
  refusedText: 'That did not work. Please try again.',
}

let lastSeq = 0
const nextSeq = (now = Date.now()) => (lastSeq = Math.max(now * 1000, lastSeq + 1))

export async function queueAction(
  store: UseStore,
  action: Pick<QueuedAction, 'userId' | 'kind' | 'target' | 'path' | 'body'> & { id?: string },
  now = new Date(),
): Promise<QueuedAction> {
  const record: QueuedAction = {
    ...action,
    id: action.id ?? crypto.randomUUID(),
    seq: nextSeq(now.getTime()),
    createdAt: now.toISOString(),
    status: 'pending',
    attempts: 0,
  }
  await set(record.id, record, store)
  return record
}

export const listActions = (store: UseStore, userId: string) => listQueue<QueuedAction>(store, userId)
export const discardAction = (store: UseStore, id: string) => del(id, store)
export const clearActionQueue = (store: UseStore) => clear(store)

/** What the worker posts on ACTION_QUEUE_CHANNEL: one step sent or refused. */
export type ActionQueueEvent = QueueEvent<QueuedAction>

export function flushActions(
  store: UseStore,
  session: QueueSession,
  opts: { fetch?: typeof fetch; onEvent?: (e: QueueEvent<QueuedAction>) => void; signal?: AbortSignal } = {},
) {
  return flushQueue(actionQueueDef, store, session, opts)
}

/** Logout wipes the queue (the device's next user must not send these); a 401 keeps it for the same user. */
export const clearActionQueueOnSessionEnd = () => onSessionEnd((reason) => (reason === 'logout' ? clearActionQueue(openActionQueue()) : undefined))
