// GET/POST/PATCH/DELETE /saved-searches, POST /saved-searches/:id/seen and the one-tap unsubscribe. The list
// lives under the storages root: saved on the device for offline use with the rest of search, wiped on logout.
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { queryRoots } from '../../../lib/query-keys'
import type { CreateSavedSearchBody, SavedSearch, UpdateSavedSearchBody } from '@contract/saved-search'

const schemas = () => import('@contract/saved-search')

export const savedSearchKeys = {
  list: (userId: string) => [queryRoots.storages, 'saved-searches', userId] as const,
}

export const savedSearchesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: savedSearchKeys.list(userId),
    queryFn: ({ signal }) =>
      request(
        () => api.get('saved-searches', { signal }).json(),
        async (d) => (await schemas()).SavedSearchListSchema.parse(d),
      ),
    staleTime: 30_000,
  })

const one = async (d: unknown) => (await schemas()).SavedSearchSchema.parse(d)

export const createSavedSearch = (body: CreateSavedSearchBody): Promise<SavedSearch> => request(() => api.post('saved-searches', { json: body }).json(), one)

export const updateSavedSearch = (id: string, body: UpdateSavedSearchBody): Promise<SavedSearch> =>
  request(() => api.patch(`saved-searches/${encodeURIComponent(id)}`, { json: body }).json(), one)

export const deleteSavedSearch = (id: string): Promise<void> =>
  request(
    () => api.delete(`saved-searches/${encodeURIComponent(id)}`),
    () => undefined,
  )

/** The renter opened the search: its "new" count starts again from 0. */
export const markSavedSearchSeen = (id: string): Promise<void> =>
  request(
    () => api.post(`saved-searches/${encodeURIComponent(id)}/seen`),
    () => undefined,
  )

export const unsubscribeSavedSearch = (id: string, token: string): Promise<{ name: string }> =>
  request(
    () => api.post('saved-searches/unsubscribe', { json: { id, token } }).json(),
    async (d) => (await schemas()).SavedSearchUnsubscribeAnswerSchema.parse(d),
  )
