// Every search and listing this device opens is kept for offline use, one record each
// (lib/saved-pages.ts), whatever the page loads in between. Each page's record is written as its answer
// lands (lib/saved-page-record.ts, small, in the startup bundle), so a page left within a second of its
// answer is kept too (issue 40: waiting for the storage module lost the pages left before it came); the
// index and the evictions follow with that module, loaded with the first answer.
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
import { writePageRecord } from '../../lib/saved-page-record'
import { storageKeys } from './api/keys'

/** A search keeps its first pages: what a visitor scrolls through offline, not an endless list. */
const SEARCH_PAGES_KEPT = 3

export function keepSeenPages(queryClient: QueryClient) {
  return queryClient.getQueryCache().subscribe((event) => {
    // Answers from the server: fetched here, or rendered on the server and put in as the page starts
    // (a query added with its data); not a copy put back from the device, nor an optimistic edit.
    const answered =
      event.type === 'added' || (event.type === 'updated' && ((event.action.type === 'success' && !event.action.manual) || event.action.type === 'setState'))
    if (!answered) return
    const { queryKey, state } = event.query
    if (state.status !== 'success' || state.data === undefined) return
    if (queryKey[0] !== storageKeys.all[0]) return
    const kind = queryKey[1] === 'list' ? 'search' : queryKey[1] === 'detail' ? 'listing' : undefined
    if (!kind) return
    let data = state.data
    if (kind === 'search') {
      const all = data as InfiniteData<unknown>
      data = { pages: all.pages.slice(0, SEARCH_PAGES_KEPT), pageParams: all.pageParams.slice(0, SEARCH_PAGES_KEPT) }
    }
    const savedAt = state.dataUpdatedAt
    const saved = writePageRecord(queryKey, data, savedAt).then((written) =>
      written
        ? import('../../lib/saved-pages').then(
            (m) => m?.indexSavedPage(kind, queryKey, savedAt), // no module while the page is left (leaving-page.ts)
            () => {}, // not loadable now (offline before the worker cached it): indexed with the next answer
          )
        : undefined,
    )
    saving.add(saved)
    void saved.finally(() => saving.delete(saved))
  })
}

const saving = new Set<Promise<unknown>>()

/**
 * Resolves once every answer being saved has been written: a first visit's worker takes over only then
 * (src/main.tsx), so a reload with no network right after finds the page's own answer too.
 */
export async function seenPagesSaved(): Promise<void> {
  while (saving.size > 0) await Promise.allSettled([...saving])
}
