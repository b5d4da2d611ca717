// The visits feature's query keys: each holds the signed-in user, so accounts never share a copy.
import { queryRoots } from '../../../lib/query-keys'

export const visitKeys = {
  all: (userId: string) => [queryRoots.visits, userId] as const,
  /** The chat's visits for the bookings with one other user. */
  pair: (userId: string, otherUserId: string) => [...visitKeys.all(userId), 'pair', otherUserId] as const,
  booking: (userId: string, bookingId: string) => [...visitKeys.all(userId), 'booking', bookingId] as const,
}
