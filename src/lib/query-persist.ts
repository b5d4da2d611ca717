// Persists the signed-in user's server state (profile, conversations, messages, bookings, storages) to
// IndexedDB with idb-keyval, so the installed app opened offline shows them as last seen. A new build
// (buster) or a week's age discards it; logout wipes it.
//
// Network first: a browser that starts online renders fresh answers (a quick reload after an edit must
// not show the copy from before it); the saved copy is put in only when it starts offline, goes offline,
// a request fails for want of network, or the answer is slow to come (SAVED_COPY_AFTER_MS: the profile
// here, so the header and the signed-in pages don't wait on a hung request; a page's own data in its
// loader, offline-first-load.ts).
//
// A session's copy accumulates (issue 40, saved-copy-session.ts): each page load writes what it fetched plus what the copy it started
// with held and it did not fetch again, so a page seen three page loads ago is still there; and an answer
// whose refresh failed (a lost connection) is kept as the answer it was, not dropped.
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { hashKey, hydrate, type DehydratedState, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query'
import type { PersistedClient, Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client'
import { del, get, set } from 'idb-keyval'
import { createStore } from './idb-store'
import { readPageRecord } from './saved-page-record'
import { isNetworkError } from './api-client'
import { isUnreachable, onReachabilityChange, SAVED_COPY_AFTER_MS } from './reachability'
import { LS, readLocal } from './storage-keys'
import { queryRoots } from './query-keys'

export const QUERY_CACHE_DB = 'nookshare-query-cache'
export const QUERY_CACHE_STORE = 'queries'
export const QUERY_CACHE_KEY = 'nookshare-query-cache'
export const PERSIST_MAX_AGE = 7 * 24 * 60 * 60 * 1000
export const BUSTER = String(import.meta.env.VITE_BUILD_ID ?? 'dev')
/**
 * Query-key roots worth having offline; everything else is refetched. Chats are kept apart, each
 * bounded (saved-chats.ts): in this one copy, written whole on every change, a long chat would cost
 * every save.
 */
export const PERSISTED_ROOTS = [
  queryRoots.profile,
  queryRoots.conversations,
  queryRoots.bookings,
  /** A chat's invite cards: small (the pair's last 50), so an offline chat still shows them. */
  queryRoots.invites,
  queryRoots.storages,
  queryRoots.referrals,
  queryRoots.blog,
] as const

/**
 * Kept: an answer under one of PERSISTED_ROOTS. A query whose last refresh failed still holds the answer
 * it had (status 'error' with data): that answer is kept, or a page load on a bad link would wipe the copy.
 */
export function shouldPersistQuery(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  const root = query.queryKey[0]
  const answered = query.state.status === 'success' || (query.state.status === 'error' && query.state.data !== undefined)
  return answered && typeof root === 'string' && (PERSISTED_ROOTS as readonly string[]).includes(root)
}

export type DehydratedQuery = DehydratedState['queries'][number]

/** A failed refresh is saved as the answer it kept: restored, it is a success with its own age. */
export const asAnswer = (query: DehydratedQuery): DehydratedQuery =>
  query.state.status === 'error'
    ? { ...query, state: { ...query.state, status: 'success', error: null, fetchFailureCount: 0, fetchFailureReason: null } }
    : query

export const store = typeof indexedDB === 'undefined' ? undefined : createStore(QUERY_CACHE_DB, QUERY_CACHE_STORE)

/**
 * Whose copy it is: a digest of the session token (never the token itself). A copy is only read back by
 * the session that wrote it, so a session ended without logout (an expired token) can't leak into the next.
 */
export async function sessionOwner(token = readLocal(LS.token)): Promise<string> {
  if (!token) return 'visitor'
  if (lastOwner?.token === token) return lastOwner.digest
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`nookshare-query-cache:${token}`))
  lastOwner = { token, digest: Array.from(new Uint8Array(digest).slice(0, 12), (b) => b.toString(16).padStart(2, '0')).join('') }
  return lastOwner.digest
}
/** The last digest made: a save as the page is left must not wait for another. */
let lastOwner: { token: string; digest: string } | undefined

/**
 * A write of what only a session may read back (a door card, a chat, a signed-in page's answer): made
 * only while a session is open, under its owner, and taken back (`undo`) when the session ended or changed
 * while it was on its way. Logout drops the token before it wipes, so a write that lands after the wipe is
 * seen here; one that lands before it is wiped. Answers the owner it was kept under, or undefined when
 * nothing was kept (no session, the write answered false, or it was taken back).
 */
export async function writeForSession(
  write: (owner: string) => Promise<boolean | void>,
  undo: (owner: string) => Promise<unknown>,
): Promise<string | undefined> {
  const token = readLocal(LS.token)
  if (!token) return undefined
  const owner = await sessionOwner(token)
  if ((await write(owner)) === false) return undefined
  if (readLocal(LS.token) === token) return owner
  await undo(owner).catch(() => {})
  return undefined
}

export interface StoredCopy {
  owner: string
  value: string
}

export const queryPersister = createAsyncStoragePersister({
  key: QUERY_CACHE_KEY,
  // The first change is written at once, the next ones at most this often (each write is the whole copy);
  // a page left meanwhile is written as it goes (saved-copy-session.ts).
  throttleTime: 300,
  storage: store
    ? {
        getItem: async (key) => {
          const copy = await get<StoredCopy>(key, store)
          return copy && copy.owner === (await sessionOwner()) ? copy.value : null
        },
        setItem: async (key, value: string) => set(key, { owner: await sessionOwner(), value } satisfies StoredCopy, store),
        removeItem: (key) => del(key, store),
      }
    : undefined,
})

/**
 * How long a read of the saved copy may take: a store another page left locked (a write frozen with it in
 * the back/forward cache, saved-copy-session.ts) must not hold a page, its gate or its loader forever.
 */
export const SAVED_COPY_READ_MS = 3000

/** The copy stored now, or undefined when it can't be read within SAVED_COPY_READ_MS. */
export function readStoredCopy(): Promise<PersistedClient | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const late = new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), SAVED_COPY_READ_MS)))
  const read = Promise.resolve(queryPersister.restoreClient()).catch(() => undefined)
  return Promise.race([read, late]).finally(() => clearTimeout(timer))
}

/** The copy saved by the last session, read once at start, before this session saves over it. */
let saved: Promise<PersistedClient | undefined> | undefined
export const savedCopy = () => (saved ??= readStoredCopy())
/** Whose that copy is: carried over only while the same session goes on. */
let startOwner: Promise<string> | undefined
export const savedCopyOwner = () => (startOwner ??= sessionOwner())

const startsOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false

/**
 * What this page load saves: a session's copy accumulates (saved-copy-session.ts, loaded only for a
 * session); a visitor's is what this page load fetched (their searches and listings are kept apart).
 */
async function persistClient(client: PersistedClient) {
  if (!readLocal(LS.token))
    return queryPersister.persistClient({ ...client, clientState: { ...client.clientState, queries: client.clientState.queries.map(asAnswer) } })
  // Its chunk may not load (the page is being left, or the network went before the worker kept it): this
  // save is skipped, the next change saves (an unhandled rejection here was a page error in Firefox).
  const session = await import('./saved-copy-session').catch(() => undefined)
  return session?.persistWithCarriedOver(client)
}

/** What PersistedQueryProvider restores from: the saved copy only when starting offline. */
const networkFirstPersister: Persister = {
  persistClient,
  removeClient: () => queryPersister.removeClient(),
  restoreClient: () => (startsOffline() ? savedCopy() : undefined),
}

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  persister: networkFirstPersister,
  maxAge: PERSIST_MAX_AGE,
  buster: BUSTER,
  dehydrateOptions: { shouldDehydrateQuery: shouldPersistQuery },
}

/**
 * The signed-in user's id as this session last saw it (the saved copy is only read back by the session
 * that wrote it), so a page can start its requests alongside the profile's instead of after it.
 */
export async function savedUser(): Promise<{ id: string; isAdmin: boolean } | undefined> {
  const profile = (await savedProfile())?.data as { _id?: unknown; isAdmin?: unknown } | undefined
  return typeof profile?._id === 'string' ? { id: profile._id, isAdmin: profile.isAdmin === true } : undefined
}

/** The copy read at start, if this build wrote it and it is not past its age. */
export async function usableCopy(): Promise<PersistedClient | undefined> {
  const copy = await savedCopy()
  return !copy || copy.buster !== BUSTER || copy.timestamp < Date.now() - PERSIST_MAX_AGE ? undefined : copy
}

/** The profile's own record: its key names no user, so it is kept under the session that fetched it. */
export const profileRecordKey = (owner: string) => [queryRoots.profile, owner] as const

/**
 * The signed-in user's profile as this session last saw it: from the saved copy, else from its own record,
 * written as it landed (keep-signed-in-answers.ts): a page left at once after signing in may go before
 * the copy is written, and the next page on a bad link then knew no user.
 */
export async function savedProfile(): Promise<{ data: unknown; updatedAt: number } | undefined> {
  const entry = (await usableCopy())?.clientState.queries.find((q) => q.queryKey[0] === queryRoots.profile && q.state.data !== undefined)
  if (entry) return { data: entry.state.data, updatedAt: entry.state.dataUpdatedAt }
  if (!readLocal(LS.token)) return undefined
  const record = await readPageRecord(profileRecordKey(await sessionOwner()))
  return record && isUsableRecord(record) ? { data: record.data, updatedAt: record.savedAt } : undefined
}

/** A signed-in record is read back only if this build wrote it and it is not past the copy's age. */
const isUsableRecord = (record: { build?: string; savedAt: number }) => record.build === BUSTER && record.savedAt >= Date.now() - PERSIST_MAX_AGE

/**
 * Puts in the saved answer of one query, if the cache has none yet (a page whose answer is slow to come):
 * from the saved copy, else from the query's own record, written as its answer landed (a page left before
 * the copy was written: saved-copy-session.ts); says whether the cache now holds one.
 */
export async function restoreSavedQuery(queryClient: QueryClient, queryKey: QueryKey): Promise<boolean> {
  const hash = hashKey(queryKey)
  const entry = (await usableCopy())?.clientState.queries.find((q) => q.queryHash === hash && q.state.data !== undefined)
  if (entry && queryClient.getQueryData(queryKey) === undefined) hydrate(queryClient, { mutations: [], queries: [asAnswer(entry)] })
  if (queryClient.getQueryData(queryKey) !== undefined) return true
  const record = await readPageRecord(queryKey)
  const usable = record !== undefined && isUsableRecord(record)
  // Only where the cache has nothing newer by now; a record is newer than the copy when the copy missed it.
  if (usable && queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, record.data, { updatedAt: record.savedAt })
  return queryClient.getQueryData(queryKey) !== undefined
}

/** Logout: the copy read at start must not come back either (nor be carried over into the next save). */
export function forgetSavedCopy() {
  saved = Promise.resolve(undefined)
}

/** Puts the saved copy in (only where it is newer than what the cache holds). */
export async function restoreSavedCopy(queryClient: QueryClient) {
  const copy = await usableCopy()
  if (copy) hydrate(queryClient, { ...copy.clientState, queries: copy.clientState.queries.map(asAnswer) })
}

/**
 * Started online: fall back to the saved copy when the network goes away, a request finds none, or the
 * server does not answer (lie-fi: reachability.ts).
 */
export function restoreWhenNetworkFails(queryClient: QueryClient) {
  startOwner = sessionOwner()
  void savedCopy()
  // A session's part (saved-copy-session.ts): the saved profile when the profile is slow to come, and a
  // save as the page is left.
  const startedAt = Date.now()
  if (readLocal(LS.token))
    void import('./saved-copy-session').then(
      (m) => m.startSession(queryClient, SAVED_COPY_AFTER_MS, startedAt),
      () => {},
    )
  let done = false
  const restore = () => {
    if (done) return
    done = true
    stopWatching()
    void restoreSavedCopy(queryClient)
  }
  const stopWatching = onReachabilityChange(() => isUnreachable() && restore())
  window.addEventListener('offline', restore, { once: true })
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error' && isNetworkError(event.action.error)) {
      unsubscribe()
      restore()
    }
  })
}
