// Logout wipes what the offline features keep for the user: the persisted query cache, the message
// outbox and its session copy, and the service worker's runtime caches.
import { clearOutbox, clearSession, openOutboxStore, openSessionStore } from './outbox'
import { forgetSavedCopy, queryPersister } from './query-persist'
import { onSessionEnd } from './session-cleanup'
import { askServiceWorker } from './sw-messages'
import { RUNTIME_CACHES, SW_MESSAGE } from './sw-protocol'

export async function wipeOfflineData() {
  forgetSavedCopy()
  await Promise.all([
    queryPersister.removeClient(),
    clearOutbox(openOutboxStore()),
    clearSession(openSessionStore()),
    // The worker also drops its expiry records; deleting here too covers a missing or sleeping worker.
    askServiceWorker(SW_MESSAGE.clearUserData),
    ...(typeof caches === 'undefined' ? [] : RUNTIME_CACHES.map((name) => caches.delete(name))),
  ])
  // A throttled save of the cache from before logout may still land; the cache is empty by now, so
  // remove whatever it wrote.
  setTimeout(() => void queryPersister.removeClient(), 1500)
}

export function registerOfflineDataCleanup() {
  return onSessionEnd(wipeOfflineData)
}
