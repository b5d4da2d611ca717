// The public pages kept on the device for offline use: every search and every listing opened here, one
// record each in IndexedDB, so each page load adds to them instead of replacing them (the query cache's
// saved copy, query-persist.ts, is one record written whole by each page load: a search seen three page
// loads ago was gone from it); and the answers of the signed-in pages (dashboards, bookings, the conversation
// list: keep-signed-in-answers.ts), written as they land. Bounded: the SAVED_PAGE_LIMITS most recent of each kind, none older than
// SAVED_PAGE_MAX_AGE; the oldest go first. Only public answers are kept (GET /storages, GET /storages/:id),
// and wiped at logout with the rest (a signed-in visitor's listing may show what only they may see).
import type { QueryKey } from '@tanstack/react-query'
import { clear, delMany, get, update } from 'idb-keyval'
import { pageKey, savedPagesStore, writePageRecord, type SavedPage } from './saved-page-record'

export { SAVED_PAGES_DB, SAVED_PAGES_STORE, savedPagesStore, type SavedPage } from './saved-page-record'
/** How many of each kind the device keeps (the most recently opened). */
export const SAVED_PAGE_LIMITS = { search: 50, listing: 200, signedIn: 50 } as const
/** Nothing older is shown offline, and it is deleted at the next save. */
export const SAVED_PAGE_MAX_AGE = 30 * 24 * 60 * 60 * 1000
export type SavedPageKind = keyof typeof SAVED_PAGE_LIMITS

/** When each record was saved, by kind: what eviction reads without loading the pages themselves. */
type SavedIndex = Record<string, { kind: SavedPageKind; savedAt: number }>
const INDEX_KEY = 'index'

/** The keys to drop so that each kind keeps its limit and nothing is past its age. */
export function evictions(index: SavedIndex, now: number): string[] {
  const drop: string[] = []
  for (const kind of Object.keys(SAVED_PAGE_LIMITS) as SavedPageKind[]) {
    const newestFirst = Object.entries(index)
      .filter(([, v]) => v.kind === kind)
      .sort((a, b) => b[1].savedAt - a[1].savedAt)
    newestFirst.forEach(([key, v], i) => {
      if (i >= SAVED_PAGE_LIMITS[kind] || v.savedAt < now - SAVED_PAGE_MAX_AGE) drop.push(key)
    })
  }
  return drop
}

/** Keeps this answer for the page, and evicts what is past the bounds. Never throws (a full disk, private mode). */
export async function savePage(kind: SavedPageKind, queryKey: QueryKey, data: unknown, now = Date.now()): Promise<void> {
  if (await writePageRecord(queryKey, data, now)) await indexSavedPage(kind, queryKey, now)
}

/** Enters a page's record, written already (saved-page-record.ts), in the index, and evicts what is past the bounds. */
export async function indexSavedPage(kind: SavedPageKind, queryKey: QueryKey, now = Date.now()): Promise<void> {
  const s = savedPagesStore()
  if (!s) return
  const key = pageKey(queryKey)
  try {
    let drop: string[] = []
    await update<SavedIndex>(
      INDEX_KEY,
      (old) => {
        const index: SavedIndex = { ...old, [key]: { kind, savedAt: now } }
        drop = evictions(index, now)
        for (const k of drop) delete index[k]
        return index
      },
      s,
    )
    if (drop.length) await delMany(drop, s)
  } catch {
    // Not indexed: the record is still read by its key; the next save of the page indexes it.
  }
}

/** The copy of this page saved on the device, if any and not past its age. */
export async function readSavedPage<T>(queryKey: QueryKey, now = Date.now()): Promise<SavedPage<T> | undefined> {
  const s = savedPagesStore()
  if (!s) return undefined
  try {
    const page = await get<SavedPage<T>>(pageKey(queryKey), s)
    return page && page.savedAt >= now - SAVED_PAGE_MAX_AGE ? page : undefined
  } catch {
    return undefined
  }
}

/** Logout: a signed-in visitor's listing may hold what only they see (their booking's address). */
export async function clearSavedPages() {
  const s = savedPagesStore()
  if (s) await clear(s).catch(() => {})
}
