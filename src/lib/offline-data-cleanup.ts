// Logout wipes what the offline features keep for the user (offline-data-wipe.ts). That code (the outbox,
// the saved chats, the caches) is on its own chunk, out of every visitor's startup bundle: it is loaded
// while someone is signed in, so a session that ends offline still finds it (the service worker also
// precaches it).
import { onSessionEnd, type SessionEndReason } from './session-cleanup'

const loadWipe = () => import('./offline-data-wipe')

/** Called while a session is open (auth-context), so the wipe is loaded before it may be needed offline. */
export function preloadOfflineDataWipe() {
  void loadWipe().catch(() => {}) // not loadable now: the session's end tries again
}

export function registerOfflineDataCleanup() {
  return onSessionEnd(async (reason: SessionEndReason) => (await loadWipe()).wipeOfflineData(reason))
}
