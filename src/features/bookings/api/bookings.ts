// GET /bookings, GET /offers, GET /bookings/:id: the signed-in user's bookings as renter and as host.
// Keys start with 'bookings' (saved for offline use) and hold the user, so accounts never share a copy.
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { Booking, BookingList } from '@contract/booking'
import { bookingKeys } from './keys'

// The schemas (and zod) load with the first answer, not with the app: route files that read these
// options are in the startup bundle.
const schemas = () => import('@contract/booking')

export const getBookings = (path: 'bookings' | 'offers', signal?: AbortSignal): Promise<BookingList> =>
  request(
    () => api.get(path, { signal }).json(),
    async (d) => (await schemas()).BookingListSchema.parse(d),
  )

export const bookingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: bookingKeys.list(userId),
    queryFn: ({ signal }) => getBookings('bookings', signal),
    staleTime: 10_000,
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  })

export const offersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: bookingKeys.offers(userId),
    queryFn: ({ signal }) => getBookings('offers', signal),
    staleTime: 10_000,
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  })

export const getBooking = (id: string, signal?: AbortSignal): Promise<Booking> =>
  request(
    () => api.get(`bookings/${encodeURIComponent(id)}`, { signal }).json(),
    async (d) => (await schemas()).BookingSchema.parse(d),
  )

/** One booking; `waitForPayment` polls every 2 s until the webhook has confirmed it (/success). */
export const bookingQueryOptions = (userId: string, id: string, opts: { waitForPayment?: boolean } = {}) =>
  queryOptions({
    queryKey: bookingKeys.one(userId, id),
    queryFn: ({ signal }) => getBooking(id, signal),
    staleTime: 0,
    refetchInterval: opts.waitForPayment ? (q) => (q.state.data?.state === 'accepted' ? 2_000 : false) : false,
  })
