// /admin/storages: a searched page of every listing, unpublishing one with a reason (a hold), and lifting a hold.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { AdminStorageDetailSchema, AdminStorageSchema, pageOf, type STORAGE_STATUSES } from '@contract/admin'
import { adminKeys } from './keys'

export type StorageListSearch = { q: string; status: 'all' | (typeof STORAGE_STATUSES)[number]; page: number }

export const adminStoragesQueryOptions = (search: StorageListSearch) =>
  queryOptions({
    queryKey: adminKeys.storages(search),
    queryFn: ({ signal }) =>
      request(
        () => api.get('admin/storages', { searchParams: search, signal }).json(),
        (d) => pageOf(AdminStorageSchema).parse(d),
      ),
    placeholderData: keepPreviousData,
  })

export const adminStorageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.storage(id),
    queryFn: ({ signal }) =>
      request(
        () => api.get(`admin/storages/${id}`, { signal }).json(),
        (d) => AdminStorageDetailSchema.parse(d),
      ),
  })

export function useUnpublishStorage() {
  return useStorageAction('unpublish')
}

/** Lifts an admin's hold: the listing stays paused, and its host may publish it again. */
export function useLiftHold() {
  return useStorageAction('lift-hold')
}

function useStorageAction(action: 'unpublish' | 'lift-hold') {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      request(
        () => api.post(`admin/storages/${id}/${action}`, { json: { reason } }).json(),
        (d) => AdminStorageDetailSchema.parse(d),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
