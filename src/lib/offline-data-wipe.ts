// Logout wipes what the offline features keep for the user: the persisted query cache, the saved chats,
// pages and door cards ("Your space"), the message outbox and its session copy, the evidence photos not uploaded yet, the service
// worker's runtime caches, and (on logout only: a session that expired is logged back into) the half-typed
// messages and the queued actions (a 401 keeps them for the same user's next sign-in; another user's
// sign-in drops them). The hearts not sent yet are the saved feature's own (saved-queue.ts, registered at startup).
import { clearEvidenceOutbox, openEvidenceStore } from './evidence-outbox'
import { clearOutbox, clearSession, openOutboxStore, openSessionStore } from './outbox'
import { forgetSavedCopy, queryPersister } from './query-persist'
import { clearSavedChats } from './saved-chats'
import { clearSavedPages } from './saved-pages'
import { clearSavedSpaces } from './saved-spaces'
import type { SessionEndReason } from './session-cleanup'
import { LS, LS_DRAFT_PREFIX, removeLocalByPrefix, writeLocal } from './storage-keys'
import { askServiceWorker } from './sw-messages'
import { RUNTIME_CACHES, SW_MESSAGE } from '@contract/sw-protocol'

export async function wipeOfflineData(reason: SessionEndReason = 'logout') {
  if (reason === 'logout') {
    removeLocalByPrefix(LS_DRAFT_PREFIX)
    writeLocal(LS.lastSearch, null)
  }
  forgetSavedCopy()
  await Promise.all([
    queryPersister.removeClient(),
    clearSavedChats(),
    clearSavedPages(),
    clearSavedSpaces(),
    reason === 'logout' ? clearOutbox(openOutboxStore()) : undefined,
    clearSession(openSessionStore()),
    reason === 'logout' ? clearEvidenceOutbox(openEvidenceStore()) : undefined,
    // The worker also drops its expiry records; deleting here too covers a missing or sleeping worker.
    askServiceWorker(SW_MESSAGE.clearUserData),
    ...(typeof caches === 'undefined' ? [] : RUNTIME_CACHES.map((name) => caches.delete(name))),
  ])
  // A throttled save of the cache from before logout may still land; the cache is empty by now, so
  // remove whatever it wrote.
  setTimeout(() => void queryPersister.removeClient(), 1500)
}
