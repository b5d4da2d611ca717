// GET /saved-storages, and PUT / DELETE /saved-storages/:storageId as the queue sends them.
import { queryOptions } from '@tanstack/react-query'
import { api, ApiError, isNetworkError, request } from '../../../lib/api-client'
import type { SavedChange } from '../queue/saved-queue'
import { savedKeys } from './keys'

const schemas = () => import('@contract/saved')

/** Under the 'storages' root: persisted for offline use like every listing query, and wiped on logout. */
export const savedStoragesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: savedKeys.listings(userId),
    queryFn: ({ signal }) =>
      request(
        () => api.get('saved-storages', { signal }).json(),
        async (d) => (await schemas()).SavedStorageListSchema.parse(d),
      ),
    staleTime: 30_000,
  })

/** One queued change to the server; what the queue should do next. */
export async function sendSavedChange(change: SavedChange): Promise<'done' | 'gone' | 'retry-later' | 'unauthorized'> {
  try {
    const path = `saved-storages/${encodeURIComponent(change.storageId)}`
    await request(
      () => (change.saved ? api.put(path) : api.delete(path)).json(),
      (d) => d,
    )
    return 'done'
  } catch (err) {
    if (isNetworkError(err)) return 'retry-later'
    if (err instanceof ApiError) {
      if (err.status === 401) return 'unauthorized'
      if (err.status === 404 || err.status === 400) return 'gone'
      if (err.status === 408 || err.status === 429 || err.status >= 500) return 'retry-later'
      return 'gone'
    }
    return 'retry-later'
  }
}
