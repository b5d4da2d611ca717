// GET /storages/:id and GET /my/storages.
import { queryOptions } from '@tanstack/react-query'
import { api, request, type ApiClient } from '../../../lib/api-client'
import { storageKeys } from './keys'

// The schemas (and zod) load with the first answer: /storages/:id's loader is in the startup bundle.
const schemas = () => import('@contract/storage')

export const storageQueryOptions = (id: string, client: ApiClient = api) =>
  queryOptions({
    queryKey: storageKeys.detail(id),
    queryFn: ({ signal }) => {
      const loading = schemas() // alongside the answer, not after it
      loading.catch(() => {}) // a failed load is reported where it is awaited
      return request(
        () => client.get(`storages/${encodeURIComponent(id)}`, { signal }).json(),
        async (d) => (await loading).StorageSchema.parse(d),
      )
    },
  })

export const myStoragesQueryOptions = () =>
  queryOptions({
    queryKey: storageKeys.mine,
    queryFn: ({ signal }) =>
      request(
        () => api.get('my/storages', { signal }).json(),
        async (d) => (await schemas()).StorageListSchema.parse(d),
      ),
    staleTime: 0,
  })

/** Every storage query (lists, map, details, mine) starts with this key. */
export const allStoragesQueryKey = () => storageKeys.all
