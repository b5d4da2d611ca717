// GET /bookings/:id/receipts: a booking's receipts, newest first.
import { queryOptions } from '@tanstack/react-query'
import type { BookingReceipts } from '@contract/receipts'
import { api, request } from '../../../lib/api-client'
import { receiptKeys } from './keys'

const schemas = () => import('@contract/receipts')

export const getBookingReceipts = (bookingId: string, signal?: AbortSignal): Promise<BookingReceipts> =>
  request(
    () => api.get(`bookings/${encodeURIComponent(bookingId)}/receipts`, { signal }).json(),
    async (d) => (await schemas()).BookingReceiptsSchema.parse(d),
  )

export const bookingReceiptsQueryOptions = (userId: string, bookingId: string) =>
  queryOptions({ queryKey: receiptKeys.ofBooking(userId, bookingId), queryFn: ({ signal }) => getBookingReceipts(bookingId, signal), staleTime: 30_000 })
