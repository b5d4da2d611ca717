// GET /storages (spec 7): pages of 8 from page 1; the body is the list, the total is X-Total-Count.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { api, request, type ApiClient } from '../../../lib/api-client'
import { STORAGE_PAGE_SIZE } from '@contract/storage-constants'
import type { Storage } from '@contract/storage'
import type { ApiSearch } from '../search-params'
import { storageKeys } from './keys'

export interface StoragePage {
  items: Storage[]
  total: number
  page: number
  /** The words the server searched after correcting a typo ("torotno" → "toronto"), if it did. */
  correctedQuery?: string
}

export function fetchStoragePage(
  search: ApiSearch,
  page: number,
  limit = STORAGE_PAGE_SIZE,
  signal?: AbortSignal,
  client: ApiClient = api,
): Promise<StoragePage> {
  // The schema (and zod) are not in the startup bundle (/storages's loader is): fetch them alongside the
  // answer rather than after it.
  const schemas = import('@contract/storage')
  schemas.catch(() => {}) // a failed load is reported where it is awaited, not as an unhandled rejection
  return request(
    async () => {
      const res = await client.get('storages', { searchParams: { ...search, page, limit }, signal })
      const corrected = res.headers.get('x-search-corrected')
      return {
        items: await res.json(),
        total: Number(res.headers.get('x-total-count') ?? 0),
        correctedQuery: corrected ? decodeURIComponent(corrected) : undefined,
      }
    },
    async (d) => {
      const data = d as { items: unknown; total: number; correctedQuery?: string }
      const { StorageListSchema } = await schemas
      return { items: StorageListSchema.parse(data.items), total: data.total, page, correctedQuery: data.correctedQuery }
    },
  )
}

/** `client`: the router context's (a page rendered on the server fetches through the API server itself). */
export const storagesQueryOptions = (search: ApiSearch, client: ApiClient = api) =>
  // The client is how the answer is fetched (the browser's, or the server's own), not what it holds.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  infiniteQueryOptions({
    queryKey: storageKeys.list(search),
    queryFn: ({ pageParam, signal }) => fetchStoragePage(search, pageParam, STORAGE_PAGE_SIZE, signal, client),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.items.length, 0) < last.total ? last.page + 1 : undefined),
  })

/** Listings inside the map's view (up to 50 markers). */
export const storagesInViewQueryOptions = (search: ApiSearch) =>
  queryOptions({
    queryKey: storageKeys.map(search),
    queryFn: ({ signal }) => fetchStoragePage(search, 1, 50, signal),
    placeholderData: (previous) => previous,
  })

/** The listings found for a place typed on the map (where to move the map to). */
export const storagesAtPlaceQueryOptions = (text: string) =>
  queryOptions({
    queryKey: storageKeys.place(text),
    queryFn: ({ signal }) => fetchStoragePage({ q: text }, 1, 50, signal),
  })
