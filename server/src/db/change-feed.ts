// Every write that changes what a poll, a session or a search shows says so here, after it commits:
// the instance's versions are bumped at once, and on PostgreSQL the change is sent with NOTIFY to every
// instance (plugins/change-sync.ts listens). Other features call these too, e.g. after a booking event
// that changes a conversation: conversationChanged(db, a, b); after deactivating an account:
// userChanged(db, id). Call them after the transaction has committed, never inside it.
import { versionKeys as k, type ChangeVersions } from './change-versions'
import type { Db } from './client'

/** The NOTIFY channel; a payload is keys separated by spaces. */
export const CHANGE_CHANNEL = 'nookshare_changes'
/** Keys with no version: the search cache, and everything at once. */
export const SEARCH_KEY = 'search'

export interface ChangeFeed {
  versions: ChangeVersions
  /** Applies keys on this instance only (a local write, or a notification from any instance). */
  apply(keys: string[]): void
  /** Sends keys to the other instances; none on PGlite (one process owns the database). */
  notify?(payload: string): Promise<void>
}

const feeds = new Map<Db, ChangeFeed>()

export function registerChangeFeed(db: Db, feed: ChangeFeed) {
  feeds.set(db, feed)
  return () => {
    if (feeds.get(db) === feed) feeds.delete(db)
  }
}

/** Bumps keys here and tells the other instances. Without a feed (seeding, scripts) nothing is cached. */
export async function changed(db: Db, keys: string[]) {
  // A transaction handle is not the app's Db: then every app in this process hears it (tests run two).
  const targets = feeds.get(db) ? [feeds.get(db)!] : [...feeds.values()]
  for (const feed of targets) feed.apply(keys)
  const notifier = targets.find((f) => f.notify)
  if (notifier) {
    // Bounded by NOTIFY's 8000-byte payload; more keys than that is rare enough to go in several.
    for (let i = 0; i < keys.length; i += 100) await notifier.notify!(keys.slice(i, i + 100).join(' '))
  }
}

/** A message, a close or reopen: both sides' chat and lists. */
export const conversationChanged = (db: Db, a: string, b: string) => changed(db, [k.pair(a, b), k.list(a), k.list(b)])

/** Only this user's view of the pair (read, deleted for me). */
export const conversationViewChanged = (db: Db, userId: string, otherUserId?: string) =>
  changed(db, otherUserId ? [k.pair(userId, otherUserId), k.list(userId)] : [k.list(userId)])

/** The reader has read the pair's conversation: their list, and the other side's "Seen" (not the reader's own chat). */
export const conversationReadChanged = (db: Db, readerId: string, otherUserId: string) => changed(db, [k.list(readerId), k.read(readerId, otherUserId)])

/** The account changed (name, email, deactivation, password): how others see it and its sessions. */
export const userChanged = (db: Db, userId: string) => changed(db, [k.user(userId), k.sessions(userId), k.list(userId)])

/** Sessions revoked (logout, password change or reset): the session cache forgets the user's. */
export const sessionsChanged = (db: Db, userId: string) => changed(db, [k.sessions(userId)])

/**
 * Search answers changed: a listing's fields, status or photos, or a host's name. Clears the search cache
 * here and on every instance; each write that can change what GET /storages returns calls it.
 */
export const searchChanged = (db: Db) => changed(db, [SEARCH_KEY])
