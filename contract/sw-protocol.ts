// What the page and the service worker agree on (DOM-free, imported by both): runtime cache names and
// the messages they post to each other.
export const PHOTO_CACHE = 'nookshare-photos'
export const SEARCH_CACHE = 'nookshare-storage-search'
/** The blog as read on this device (pages, posts, cover images): public, kept across sign-outs. */
export const BLOG_CACHE = 'nookshare-blog'
/** Runtime caches a logout wipes (the precache holds only the public app shell). */
export const RUNTIME_CACHES = [PHOTO_CACHE, SEARCH_CACHE] as const

export const SW_MESSAGE = {
  /** page → worker: activate the waiting version now. */
  skipWaiting: 'SKIP_WAITING',
  /** page → worker: send the outbox now (where Background Sync is missing, or on 'online'). */
  flushOutbox: 'FLUSH_OUTBOX',
  /** page → worker: a user logged out; drop runtime caches and their expiry records. */
  clearUserData: 'CLEAR_USER_DATA',
  /** worker → page: wraps an OutboxEvent posted with client.postMessage. */
  outboxEvent: 'OUTBOX_EVENT',
  /** worker → page: a push arrived (`chatWith`: whose chat has news); refresh now instead of at the next poll. */
  pushReceived: 'PUSH_RECEIVED',
  /** worker → page: a notification was clicked; go to `url` inside the app (no reload). */
  openUrl: 'OPEN_URL',
} as const

export type PageToWorkerMessage = { type: typeof SW_MESSAGE.skipWaiting | typeof SW_MESSAGE.flushOutbox | typeof SW_MESSAGE.clearUserData }
