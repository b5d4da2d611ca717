// /admin/bookings: a filtered, searched page of every booking and offer (read-only).
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { AdminBookingSchema, pageOf, type BOOKING_KINDS } from '@contract/admin'
import type { BookingStateName } from '@contract/booking'
import { adminKeys } from './keys'

export type BookingListSearch = {
  q: string
  states: BookingStateName[]
  kind: (typeof BOOKING_KINDS)[number]
  /** The start date's range (YYYY-MM-DD), '' when open. */
  from: string
  to: string
  page: number
}

export const adminBookingsQueryOptions = (search: BookingListSearch) =>
  queryOptions({
    queryKey: adminKeys.bookings(search),
    queryFn: ({ signal }) => {
      const { states, from, to, q, ...rest } = search
      const searchParams = { ...rest, ...(q && { q }), ...(states.length && { state: states.join(',') }), ...(from && { from }), ...(to && { to }) }
      return request(
        () => api.get('admin/bookings', { searchParams, signal }).json(),
        (d) => pageOf(AdminBookingSchema).parse(d),
      )
    },
    placeholderData: keepPreviousData,
  })
