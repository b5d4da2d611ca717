// GET /saved-storages (PUT / DELETE /saved-storages/:storageId are the queue's: queue/saved-queue.ts).
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
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
