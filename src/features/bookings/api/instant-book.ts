// GET /storages/:id/instant-book: whether the signed-in renter may book the stay shown at once ("Book now"),
// or why not (plain sentences shown under "Request to book").
import { api, request } from '../../../lib/api-client'
import { InstantBookAnswerSchema, type InstantBookAnswer } from '@contract/instant-book'
import { bookingKeys } from './keys'

export const getInstantBook = (storageId: string, startDate: string, endDate: string | null, signal?: AbortSignal): Promise<InstantBookAnswer> =>
  request(
    () =>
      api
        .get(`storages/${encodeURIComponent(storageId)}/instant-book`, {
          searchParams: endDate ? { startDate, endDate } : { startDate },
          signal,
        })
        .json(),
    (d) => InstantBookAnswerSchema.parse(d),
  )

export const instantBookQueryOptions = (userId: string, storageId: string, startDate: string, endDate: string | null) => ({
  queryKey: bookingKeys.instantBook(userId, storageId, startDate, endDate),
  queryFn: ({ signal }: { signal: AbortSignal }) => getInstantBook(storageId, startDate, endDate, signal),
  staleTime: 10_000,
  retry: false,
})
