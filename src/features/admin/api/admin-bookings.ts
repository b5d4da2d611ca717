// /admin/bookings: a filtered, searched page of every booking and offer; an admin's cancel with a refund,
// and (payments sandbox) a test dispute of a booking's payment.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { AdminBookingSchema, AdminCancelResultSchema, pageOf, type BOOKING_KINDS } from '@contract/admin'
import { DisputeSchema, SandboxDisputeResultSchema, type AdminCancelBody } from '@contract/disputes'
import type { BookingStateName } from '@contract/booking'
import { adminKeys } from './keys'

export type BookingListSearch = {
  q: string
  states: BookingStateName[]
  kind: (typeof BOOKING_KINDS)[number]
  /** The start date's range (YYYY-MM-DD), '' when open. */
  from: string
  to: string
  /** Only bookings whose payment was disputed. */
  disputed: boolean
  page: number
}

export const adminBookingsQueryOptions = (search: BookingListSearch) =>
  queryOptions({
    queryKey: adminKeys.bookings(search),
    queryFn: ({ signal }) => {
      const { states, from, to, q, disputed, ...rest } = search
      const searchParams = {
        ...rest,
        ...(q && { q }),
        ...(states.length && { state: states.join(',') }),
        ...(from && { from }),
        ...(to && { to }),
        ...(disputed && { disputed: 'true' }),
      }
      return request(
        () => api.get('admin/bookings', { searchParams, signal }).json(),
        (d) => pageOf(AdminBookingSchema).parse(d),
      )
    },
    placeholderData: keepPreviousData,
  })

/** Cancels a booking with a refund (cents of its currency; all that is left when omitted) and a reason. */
export function useAdminCancelBooking() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, ...body }: AdminCancelBody & { id: string }) =>
      request(
        () => api.post(`admin/bookings/${id}/cancel`, { json: body }).json(),
        (d) => AdminCancelResultSchema.parse(d),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

/** Payments sandbox: plays the renter's bank, opening a dispute of the booking's payment or deciding it. */
export function useSandboxDispute() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, outcome }: { id: string; outcome: 'open' | 'won' | 'lost' }) =>
      request(
        () => api.post(`admin/bookings/${id}/sandbox-dispute`, { json: { outcome } }).json(),
        (d) => SandboxDisputeResultSchema.parse(d),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}

/** Records that the evidence for a booking's open dispute was sent to the bank (from the Stripe dashboard). */
export function useMarkDisputeEvidence() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id }: { id: string }) =>
      request(
        () => api.post(`admin/bookings/${id}/dispute-evidence`, { json: {} }).json(),
        (d) => DisputeSchema.parse(d),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
