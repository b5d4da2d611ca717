// The dashboards' query keys: under the bookings root (a booking's change refreshes them), with the user.
import { queryRoots } from '../../../lib/query-keys'

export const dashboardKeys = {
  host: (userId: string) => [queryRoots.bookings, userId, 'dashboard', 'host'] as const,
  storee: (userId: string) => [queryRoots.bookings, userId, 'dashboard', 'storee'] as const,
}
