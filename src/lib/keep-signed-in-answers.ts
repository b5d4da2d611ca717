// Each signed-in page's answer (the dashboards, bookings and offers, the conversation list, referrals)
// written on its own the moment it lands, one small record read back by restoreSavedQuery (query-persist.ts).
// The session's saved copy is written whole, after a read and at most every 300 ms, and a page left within
// that time (a tap elsewhere as soon as it shows) was not in it: its reload on a bad link said "You're
// offline" (issue 40). Subscribed at start, in the startup bundle, so no answer lands before it listens.
// A record's key holds the user (every key under these roots does) and it is written only while signed
// in; it carries its build, and another build's is not read (its shapes may differ). Wiped at logout with
// the searches and listings (saved-pages.ts).
import type { Query, QueryClient } from '@tanstack/react-query'
import { BUSTER } from './query-persist'
import { queryRoots } from './query-keys'
import { writePageRecord } from './saved-page-record'
import { LS, readLocal } from './storage-keys'

const RECORDED_ROOTS: readonly unknown[] = [queryRoots.bookings, queryRoots.conversations, queryRoots.referrals]

export function keepSignedInAnswers(queryClient: QueryClient) {
  const written = new WeakMap<Query, unknown>()
  return queryClient.getQueryCache().subscribe((event) => {
    // An answer from the server, not a copy put back from the device (setQueryData: `manual`) nor a hydrate.
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return
    const { query } = event
    const { data, dataUpdatedAt, status } = query.state
    if (status !== 'success' || data === undefined || !RECORDED_ROOTS.includes(query.queryKey[0]) || !readLocal(LS.token)) return
    if (written.get(query) === data) return // a poll that changed nothing (structural sharing keeps the object)
    written.set(query, data)
    void writePageRecord(query.queryKey, data, dataUpdatedAt, BUSTER).then((ok) =>
      ok
        ? import('./saved-pages').then(
            (m) => m?.indexSavedPage('signedIn', query.queryKey, dataUpdatedAt), // no module while the page is left (leaving-page.ts)
            () => {}, // not loadable now: indexed with the next answer
          )
        : undefined,
    )
  })
}
