// What the page and the service worker agree on (DOM-free, imported by both): runtime cache names and
// the messages they post to each other.
/** The worker's script and scope: the same for every registration (the app's, the first visit's, a page's start script). */
export const SW_URL = '/sw.js'
export const SW_SCOPE = '/'
export const PHOTO_CACHE = 'nookshare-photos'
export const SEARCH_CACHE = 'nookshare-storage-search'
/** The blog as read on this device (pages, posts, cover images): public, kept across sign-outs. */
export const BLOG_CACHE = 'nookshare-blog'
/**
 * The rest of the app's built files (route chunks, the other prerendered pages, icons): not fetched at
 * install, so a first visit is offline-ready as soon as the shell is in; filled as they are fetched and
 * behind (sw/shell-behind.ts). Public, like the precache: kept across sign-outs. Its name starts as the
 * precache's, without the scope workbox's cleanup of old precaches looks for.
 */
export const REST_CACHE = 'workbox-precache-rest'
/** Runtime caches a logout wipes (the precache holds only the public app shell). */
export const RUNTIME_CACHES = [PHOTO_CACHE, SEARCH_CACHE] as const

export const SW_MESSAGE = {
  /** page → worker: activate the waiting version now. */
  skipWaiting: 'SKIP_WAITING',
  /** page → worker: send the outbox, the evidence photos and the action queue now (where Background Sync is missing, or on 'online'). */
  flushOutbox: 'FLUSH_OUTBOX',
  /** page → worker: a user logged out; drop runtime caches and their expiry records. */
  clearUserData: 'CLEAR_USER_DATA',
  /** page → worker: `urls`, the app files this page loaded before the worker controlled it (keep them now). */
  keepLoaded: 'KEEP_LOADED',
  /** page → worker: fetch the rest of the app's files now, behind the page; answers `{ missing, total }` on a port. */
  fillRest: 'FILL_REST',
  /** worker → page: wraps an OutboxEvent posted with client.postMessage. */
  outboxEvent: 'OUTBOX_EVENT',
  /** worker → page: a push arrived (`chatWith`: whose chat has news); refresh now instead of at the next poll. */
  pushReceived: 'PUSH_RECEIVED',
  /** worker → page: a notification was clicked; go to `url` inside the app (no reload). */
  openUrl: 'OPEN_URL',
} as const

export type PageToWorkerMessage =
  | { type: typeof SW_MESSAGE.skipWaiting | typeof SW_MESSAGE.flushOutbox | typeof SW_MESSAGE.clearUserData | typeof SW_MESSAGE.fillRest }
  | { type: typeof SW_MESSAGE.keepLoaded; urls: string[] }
