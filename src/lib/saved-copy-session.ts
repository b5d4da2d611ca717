// The signed-in session's side of the saved copy (query-persist.ts), loaded only when a session is open so
// no visitor's first load carries it (issue 40): the copy accumulates across page loads, the saved profile
// is put in when the profile is slow to come, and the copy is written as the page is left (each signed-in
// page's answer is also written on its own as it lands: keep-signed-in-answers.ts).
import { dehydrate, type QueryClient } from '@tanstack/react-query'
import type { PersistedClient } from '@tanstack/react-query-persist-client'
import { set } from 'idb-keyval'
import { queryRoots, rootKey } from './query-keys'
import {
  asAnswer,
  BUSTER,
  PERSIST_MAX_AGE,
  QUERY_CACHE_KEY,
  queryPersister,
  readStoredCopy,
  savedCopy,
  savedCopyOwner,
  savedProfile,
  sessionOwner,
  shouldPersistQuery,
  store,
  type DehydratedQuery,
  type StoredCopy,
} from './query-persist'
import { LS, readLocal } from './storage-keys'

/** At most this many entries are carried over from earlier page loads (the most recent answers). */
const CARRIED_OVER = 150
/** Searches and listings are kept one record each (saved-pages.ts), bounded there: not carried over here. */
const keptApart = (query: DehydratedQuery) => query.queryKey[0] === queryRoots.storages && (query.queryKey[1] === 'list' || query.queryKey[1] === 'detail')

/**
 * What this page load saves: its own answers (a failed refresh as the answer it kept), then what the copy
 * it started with held and it has not fetched again (not past the copy's age, not kept apart), most
 * recent first. So a page seen three page loads ago is still there.
 */
export function withCarriedOver(client: PersistedClient, earlier: PersistedClient | undefined, now = Date.now()): PersistedClient {
  const queries = client.clientState.queries.map(asAnswer)
  if (!earlier || earlier.buster !== client.buster) return { ...client, clientState: { ...client.clientState, queries } }
  const own = new Set(queries.map((q) => q.queryHash))
  const carried = earlier.clientState.queries
    .filter((q) => !own.has(q.queryHash) && !keptApart(q) && q.state.dataUpdatedAt >= now - PERSIST_MAX_AGE)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, CARRIED_OVER)
  return { ...client, clientState: { ...client.clientState, queries: [...queries, ...carried] } }
}

/**
 * Saves the copy with what it carries over: from the copy stored now (another page load may have written
 * it since this one started: a page left at once writes as it goes), else from the one this page load
 * started with, while the session that wrote it goes on. As the page is left, no read first.
 */
export async function persistWithCarriedOver(client: PersistedClient, { now = false } = {}) {
  const stored = now ? undefined : readStoredCopy()
  const [latest, start, owner, current] = await Promise.all([stored, savedCopy(), savedCopyOwner(), sessionOwner()])
  const copy = withCarriedOver(client, latest ?? (owner === current ? start : undefined))
  if (!now || !store) return queryPersister.persistClient(copy)
  // Past the persister's throttle, as its storage adapter writes it.
  await set(QUERY_CACHE_KEY, { owner: current, value: JSON.stringify(copy) } satisfies StoredCopy, store).catch(() => {})
}

/** Puts the saved profile in, if the cache has none yet (a session still holding its token). */
export async function restoreSavedProfile(queryClient: QueryClient) {
  const profile = await savedProfile()
  const key = rootKey('profile')
  if (profile && readLocal(LS.token) && queryClient.getQueryData(key) === undefined)
    queryClient.setQueryData(key, profile.data, { updatedAt: profile.updatedAt })
}

/**
 * At start with a session: who is signed in, from the saved profile, once `slowAfter` ms have passed since
 * `startedAt` without the profile (replaced when the answer comes); and the copy written as the page is left
 * (a full page load elsewhere, the app sent to the background), not after the persister's throttle
 * (issue 40: a page left within a second of its answer was not saved).
 */
export function startSession(queryClient: QueryClient, slowAfter: number, startedAt: number) {
  setTimeout(() => void restoreSavedProfile(queryClient), Math.max(0, startedAt + slowAfter - Date.now()))
  const saveNow = () => {
    if (!readLocal(LS.token)) return
    const client: PersistedClient = { buster: BUSTER, timestamp: Date.now(), clientState: dehydrate(queryClient, { shouldDehydrateQuery: shouldPersistQuery }) }
    void persistWithCarriedOver(client, { now: true })
  }
  // Into the back/forward cache (pagehide's `persisted`) the page is frozen, not gone, and keeps its cache:
  // a write begun then is frozen midway in WebKitGTK, and its open transaction locks the store for every
  // later page (which waited forever for the saved copy: /messages stuck on its skeleton, offline reloads
  // empty). So no write then, nor on the visibility change that follows it (pagehide comes first); a write
  // already under way then is aborted by the store itself (idb-store.ts).
  let frozen = false
  window.addEventListener('pagehide', (e) => {
    frozen = e.persisted
    if (!frozen) saveNow()
  })
  window.addEventListener('pageshow', () => (frozen = false))
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && !frozen) saveNow()
  })
}
