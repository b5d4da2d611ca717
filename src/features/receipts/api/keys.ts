// The receipts feature's query keys: under the bookings root (a booking's change, a refund, refreshes
// them and they are kept for offline use with the bookings), with the user.
import { queryRoots } from '../../../lib/query-keys'

export const receiptKeys = {
  one: (userId: string, receiptId: string) => [queryRoots.bookings, userId, 'receipt', receiptId] as const,
  ofBooking: (userId: string, bookingId: string) => [queryRoots.bookings, userId, 'receipts', bookingId] as const,
  statements: (userId: string) => [queryRoots.bookings, userId, 'statements'] as const,
  statement: (userId: string, month: string) => [queryRoots.bookings, userId, 'statements', month] as const,
}
