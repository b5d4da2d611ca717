// The evidence feature's query keys: each holds the signed-in user, so accounts never share a copy.
import { queryRoots } from '../../../lib/query-keys'

export const evidenceKeys = {
  all: (userId: string) => [queryRoots.evidence, userId] as const,
  /** The chat's cards for the bookings with one other user. */
  pair: (userId: string, otherUserId: string) => [...evidenceKeys.all(userId), 'pair', otherUserId] as const,
  booking: (userId: string, bookingId: string) => [...evidenceKeys.all(userId), 'booking', bookingId] as const,
  outbox: (userId: string) => [...evidenceKeys.all(userId), 'outbox'] as const,
  adminClaims: (userId: string, page: number) => [...evidenceKeys.all(userId), 'admin-claims', page] as const,
}
