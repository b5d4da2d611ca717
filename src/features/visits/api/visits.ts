// The visits calls: the chat's visits with one other user, a booking's for its page, and propose /
// counter / answer. Answers are parsed with the contract's schemas, loaded with the first answer.
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { PairVisits, ProposeVisitBody, Visit } from '@contract/visits'
import { visitKeys } from './keys'

const schemas = () => import('@contract/visits')

export const pairVisitsQueryOptions = (userId: string, otherUserId: string) =>
  queryOptions({
    queryKey: visitKeys.pair(userId, otherUserId),
    queryFn: ({ signal }): Promise<PairVisits> =>
      request(
        () => api.get(`visits/with/${encodeURIComponent(otherUserId)}`, { signal }).json(),
        async (d) => (await schemas()).PairVisitsSchema.parse(d),
      ),
    staleTime: 5_000,
    // The other side's step moves the chat's visitsAt, whose poll asks for the visits again at once
    // (chat-visit-cards.tsx); this slow refresh only backs that up. A chat with no booking asks once.
    refetchInterval: (query) => (query.state.data?.bookings.length ? 60_000 : false),
    refetchIntervalInBackground: false,
  })

export const bookingVisitsQueryOptions = (userId: string, bookingId: string) =>
  queryOptions({
    queryKey: visitKeys.booking(userId, bookingId),
    queryFn: ({ signal }): Promise<Visit[]> =>
      request(
        () => api.get(`bookings/${encodeURIComponent(bookingId)}/visits`, { signal }).json(),
        async (d) => (await schemas()).VisitSchema.array().parse(d),
      ),
    staleTime: 30_000,
  })

export const proposeVisit = (bookingId: string, body: ProposeVisitBody): Promise<Visit> =>
  request(
    () => api.post(`bookings/${encodeURIComponent(bookingId)}/visits`, { json: body }).json(),
    (d) => d as Visit,
  )

export const counterVisit = (visitId: string, body: Omit<ProposeVisitBody, 'kind'>): Promise<Visit> =>
  request(
    () => api.post(`visits/${encodeURIComponent(visitId)}/counter`, { json: body }).json(),
    (d) => d as Visit,
  )

export const respondToVisit = (visitId: string, action: 'confirm' | 'decline' | 'cancel'): Promise<Visit> =>
  request(
    () => api.post(`visits/${encodeURIComponent(visitId)}/respond`, { json: { action } }).json(),
    (d) => d as Visit,
  )
