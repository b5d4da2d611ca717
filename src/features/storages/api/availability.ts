// GET /storages/:id/availability (each day's places left) and the host's blocked days (GET, POST, DELETE
// /storages/:id/blocked-dates).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, multipartHeaders, request } from '../../../lib/api-client'
import { storageKeys } from './keys'

const schemas = () => import('@contract/availability-schema')
const path = (id: string) => `storages/${encodeURIComponent(id)}`

export const availabilityQueryOptions = (id: string, from: string, to: string) =>
  queryOptions({
    queryKey: storageKeys.availability(id, from, to),
    queryFn: ({ signal }) =>
      request(
        () => api.get(`${path(id)}/availability`, { searchParams: { from, to }, signal }).json(),
        async (d) => (await schemas()).AvailabilitySchema.parse(d),
      ),
    staleTime: 30_000,
  })

export const blockedDatesQueryOptions = (id: string) =>
  queryOptions({
    queryKey: storageKeys.blockedDates(id),
    queryFn: ({ signal }) =>
      request(
        () => api.get(`${path(id)}/blocked-dates`, { signal }).json(),
        async (d) => (await schemas()).BlockedDatesListSchema.parse(d),
      ),
    staleTime: 0,
  })

/** Blocks or unblocks days; the listing's calendars read again. */
export function useBlockedDatesMutations(id: string) {
  const client = useQueryClient()
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: blockedDatesQueryOptions(id).queryKey }),
      client.invalidateQueries({ queryKey: storageKeys.availabilityOf(id) }),
    ])
  const block = useMutation({
    mutationFn: (body: { startDate: string; endDate: string; note: string }) =>
      request(
        () => api.post(`${path(id)}/blocked-dates`, { json: body }).json(),
        async (d) => (await schemas()).BlockedDatesSchema.parse(d),
      ),
    onSettled: refresh,
  })
  const unblock = useMutation({
    mutationFn: (blockId: string) =>
      request(
        // The shared client sends Content-Type: application/json by default; a body-less DELETE must not.
        () => api.delete(`${path(id)}/blocked-dates/${encodeURIComponent(blockId)}`, { headers: multipartHeaders }).json(),
        () => undefined,
      ),
    onSettled: refresh,
  })
  return { block, unblock }
}
