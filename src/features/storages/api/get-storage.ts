// GET /storages/:id and GET /my/storages.
import { queryOptions } from '@tanstack/react-query'
import { z } from 'zod'
import { api, request } from '../../../lib/api-client'
import { StorageSchema } from '../../../schemas/storage'

export const storageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['storages', 'detail', id] as const,
    queryFn: ({ signal }) => request(() => api.get(`storages/${encodeURIComponent(id)}`, { signal }).json(), (d) => StorageSchema.parse(d)),
  })

export const myStoragesQueryOptions = () =>
  queryOptions({
    queryKey: ['storages', 'mine'] as const,
    queryFn: ({ signal }) => request(() => api.get('my/storages', { signal }).json(), (d) => z.array(StorageSchema).parse(d)),
    staleTime: 0,
  })

/** Every storage query (lists, map, details, mine) starts with this key. */
export const allStoragesQueryKey = () => ['storages'] as const
