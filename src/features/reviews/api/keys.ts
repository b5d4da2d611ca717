// The reviews feature's query keys: a booking's two reviews (per user) and a listing's pages.
import { queryRoots, rootKey } from '../../../lib/query-keys'

export const reviewKeys = {
  all: rootKey('reviews'),
  booking: (userId: string, bookingId: string) => [queryRoots.reviews, userId, 'booking', bookingId] as const,
  listing: (storageId: string) => [queryRoots.reviews, 'listing', storageId] as const,
}
