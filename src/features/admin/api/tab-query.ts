// What each tab of /admin asks for first, from the URL's search: the panels read these options, and the
// route's loader asks for the same before the portal renders (one key, one request). Tabs that keep their
// page in the panel (leads, outbox, conversations, audit) start at page 1; the blog tab asks for itself.
import type { AdminSearch } from '../components/admin-portal'
import { auditLogQueryOptions, closedConversationsQueryOptions } from './admin-activity'
import { adminBookingsQueryOptions, type BookingListSearch } from './admin-bookings'
import { adminLeadsQueryOptions, adminOutboxQueryOptions } from './admin-leads'
import { adminStoragesQueryOptions, type StorageListSearch } from './admin-storages'
import { adminUsersQueryOptions, type UserListSearch } from './admin-users'
import { adminReportsQueryOptions } from './admin-reports'

export const usersSearchOf = (s: AdminSearch): UserListSearch => ({ q: s.q, status: s.status as UserListSearch['status'], page: s.page })
export const listingsSearchOf = (s: AdminSearch): StorageListSearch => ({ q: s.q, status: s.status as StorageListSearch['status'], page: s.page })
export const bookingsSearchOf = (s: AdminSearch): BookingListSearch => ({
  q: s.q,
  states: s.states,
  kind: s.kind,
  from: s.from,
  to: s.to,
  disputed: s.status === 'disputed',
  page: s.page,
})

/** The open tab's first query, or undefined for the blog (its panel loads its own list). */
export function adminTabQueryOptions(s: AdminSearch) {
  switch (s.tab) {
    case 'users':
      return adminUsersQueryOptions(usersSearchOf(s))
    case 'listings':
      return adminStoragesQueryOptions(listingsSearchOf(s))
    case 'bookings':
      return adminBookingsQueryOptions(bookingsSearchOf(s))
    case 'leads':
      return adminLeadsQueryOptions({ page: 1, source: 'all' })
    case 'outbox':
      return adminOutboxQueryOptions(1)
    case 'conversations':
      return closedConversationsQueryOptions(1)
    case 'audit':
      return auditLogQueryOptions(1)
    case 'reports':
      return adminReportsQueryOptions({ status: 'open', page: 1 })
    case 'blog':
      return undefined
  }
}
