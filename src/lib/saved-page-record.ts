// One saved page's record (saved-pages.ts keeps the searches and listings opened on this device): the part
// written the moment an answer lands, small enough for the startup bundle. The index and the evictions
// follow with saved-pages.ts, loaded lazily; a record is read by its key alone, so a page left before
// they came is readable offline all the same (issue 40).
import { hashKey, type QueryKey } from '@tanstack/react-query'
import { del, get, set, type UseStore } from 'idb-keyval'
import { createStore } from './idb-store'

export const SAVED_PAGES_DB = 'nookshare-pages'
export const SAVED_PAGES_STORE = 'pages'

export interface SavedPage<T = unknown> {
  savedAt: number
  data: T
  /** The build that wrote a signed-in page's record (its shapes may change with the next one). */
  build?: string
}

export const pageKey = (queryKey: QueryKey) => `page:${hashKey(queryKey)}`

let store: UseStore | undefined
/** Tests pass a fresh store (idb-keyval's keep their connection). */
export function savedPagesStore(replace?: UseStore): UseStore | undefined {
  if (replace) store = replace
  if (!store && typeof indexedDB !== 'undefined') store = createStore(SAVED_PAGES_DB, SAVED_PAGES_STORE)
  return store
}

/** Writes the page's record; false when it could not be kept (no IndexedDB, a full disk, private mode). */
export async function writePageRecord(queryKey: QueryKey, data: unknown, savedAt: number, build?: string): Promise<boolean> {
  const s = savedPagesStore()
  if (!s) return false
  try {
    await set(pageKey(queryKey), { savedAt, data, ...(build ? { build } : {}) } satisfies SavedPage, s)
    return true
  } catch {
    return false
  }
}

/** Takes a record back (a signed-in page's answer that landed after its session ended). */
export async function deletePageRecord(queryKey: QueryKey): Promise<void> {
  const s = savedPagesStore()
  if (s) await del(pageKey(queryKey), s).catch(() => {})
}

/** The page's record as written (the caller checks its age and build), or undefined. */
export async function readPageRecord<T>(queryKey: QueryKey): Promise<SavedPage<T> | undefined> {
  const s = savedPagesStore()
  if (!s) return undefined
  try {
    return await get<SavedPage<T>>(pageKey(queryKey), s)
  } catch {
    return undefined
  }
}
