// Each signed-in page's answer (the dashboards, bookings and offers, the conversation list, referrals)
// written on its own the moment it lands, one small record read back by restoreSavedQuery (query-persist.ts).
// The session's saved copy is written whole, after a read and at most every 300 ms, and a page left within
// that time (a tap elsewhere as soon as it shows) was not in it: its reload on a bad link said "You're
// offline" (issue 40). Subscribed at start, in the startup bundle, so no answer lands before it listens.
// A record's key holds the user (every key under these roots does) and it is written only while signed
// in; it carries its build, and another build's is not read (its shapes may differ). Wiped at logout with
// the searches and listings (saved-pages.ts). The profile too, whose key names no user: under the session
// that fetched it (profileRecordKey), read back by savedProfile when the copy has none.
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query'
import { BUSTER, profileRecordKey, writeForSession } from './query-persist'
import { queryRoots } from './query-keys'
import { deletePageRecord, writePageRecord } from './saved-page-record'
import { LS, readLocal } from './storage-keys'

const RECORDED_ROOTS: readonly unknown[] = [queryRoots.bookings, queryRoots.conversations, queryRoots.referrals]

export function keepSignedInAnswers(queryClient: QueryClient) {
  const written = new WeakMap<Query, unknown>()
  return queryClient.getQueryCache().subscribe((event) => {
    // An answer from the server, not a copy put back from the device (setQueryData: `manual`) nor a hydrate.
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return
    const { query } = event
    const { data, dataUpdatedAt, status } = query.state
    const root = query.queryKey[0]
    const isProfile = root === queryRoots.profile
    if (status !== 'success' || data === undefined || !(isProfile || RECORDED_ROOTS.includes(root)) || !readLocal(LS.token)) return
    if (written.get(query) === data) return // a poll that changed nothing (structural sharing keeps the object)
    written.set(query, data)
    void keep((owner) => (isProfile ? profileRecordKey(owner) : query.queryKey), data, dataUpdatedAt)
  })
}

async function keep(keyFor: (owner: string) => QueryKey, data: unknown, savedAt: number) {
  const owner = await writeForSession(
    (owner) => writePageRecord(keyFor(owner), data, savedAt, BUSTER),
    (owner) => deletePageRecord(keyFor(owner)),
  )
  if (owner === undefined) return
  const key = keyFor(owner)
  await import('./saved-pages').then(
    (m) => m?.indexSavedPage('signedIn', key, savedAt), // no module while the page is left (leaving-page.ts)
    () => {}, // not loadable now: indexed with the next answer
  )
}
