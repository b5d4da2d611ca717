// The bookings feature's query keys. They start with the bookings root (saved for offline use, and
// shared with the dashboards, so a booking's change refreshes them too) and hold the user.
import { queryRoots, rootKey } from '../../../lib/query-keys'
import type { QuoteBody } from '@contract/booking'

export const bookingKeys = {
  all: rootKey('bookings'),
  list: (userId: string) => [queryRoots.bookings, userId, 'list'] as const,
  offers: (userId: string) => [queryRoots.bookings, userId, 'offers'] as const,
  one: (userId: string, id: string) => [queryRoots.bookings, userId, 'one', id] as const,
  /** "Your space": the door card from the server, and the copy saved on the device (lib/saved-spaces.ts). */
  doorCard: (userId: string, id: string) => [queryRoots.bookings, userId, 'door-card', id] as const,
  savedDoorCard: (userId: string, id: string) => [queryRoots.bookings, userId, 'door-card-saved', id] as const,
  savedDoorCards: (userId: string) => [queryRoots.bookings, userId, 'door-cards-saved'] as const,
  sandboxPortal: (userId: string, portalId: string) => [queryRoots.bookings, userId, 'sandbox-portal', portalId] as const,
  /** Whether this user may book these dates at once (Instant Book): it changes with their badges and the dates taken. */
  instantBook: (userId: string, storageId: string, startDate: string, endDate: string | null) =>
    [queryRoots.bookings, userId, 'instant-book', storageId, startDate, endDate] as const,
  quote: (body: QuoteBody) =>
    [queryRoots.bookingQuote, body.storageId, body.startDate, body.endDate ?? null, body.protection ?? false, body.offerCents ?? null] as const,
}
