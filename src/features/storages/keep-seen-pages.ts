// Every search and listing this device opens is kept for offline use, one record each
// (lib/saved-pages.ts), whatever the page loads in between. Saved as each answer arrives; the storage
// module loads with the first answer, out of the startup bundle.
import type { InfiniteData, QueryClient } from '@tanstack/react-query'
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
    const saved = import('../../lib/saved-pages').then(
      ({ savePage }) => savePage(kind, queryKey, data, state.dataUpdatedAt),
      () => {}, // not loadable now (offline before the worker cached it): kept with the next answer
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
