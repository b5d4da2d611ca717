// The saved-listings queue on the one queue engine: PUT or DELETE /saved-storages/:storageId. Both are
// idempotent, so a change sent twice is applied once; a refused one (the listing gone) is dropped and the
// heart shows the server's state. DOM-free; loaded with the sending code (saved-client), not the tap.
import type { UseStore } from 'idb-keyval'
import { flushQueue, type QueueDef, type QueueEvent, type QueueSession } from './queue-engine'
import { keyOf, type SavedChange } from './saved-queue'

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
export function flushSavedQueue(
  store: UseStore,
  session: QueueSession,
  opts: { fetch?: typeof fetch; onEvent?: (e: QueueEvent<SavedChange>) => void; signal?: AbortSignal } = {},
) {
  return flushQueue(savedQueueDef, store, session, opts)
}
