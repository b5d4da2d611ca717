// What both dashboard routes do around their page. The loader asks for the dashboard and the bookings list
// at once (a list that came later would move what is below it). The page reads the dashboard with the
// loader's options (a dashboard the device has not saved is the route's error screen, worded by
// dashboard-error.tsx: offline, a plain note that this device has not saved it yet), the bookings and the
// unread count, then renders in slices, given what both dashboards' pages take alike (`view`: the name,
// the account's notice, the figures and their age, online, unread).
import { useQuery, useSuspenseQuery, type QueryClient, type QueryKey, type UseSuspenseQueryOptions } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { User } from '@contract/user'
import type { BookingList } from '@contract/booking'
import { PageSpinner } from '../../../components/ui/spinner'
import { RenderInSlices } from '../../../components/ui/render-in-slices'
import { EmailVerificationNotice } from '../../../features/auth/components/email-verification-notice'
import { bookingsQueryOptions } from '../../../features/bookings/api/bookings'
import { useSignedInUser } from '../../../features/auth/signed-in-user'
import { useUnreadCount } from '../../../features/messaging/api/unread-count'
import { loadQuery } from '../../../lib/offline-first-load'
import { useOnline } from '../../../lib/use-online'

type DashboardOptions<T, K extends QueryKey> = (userId: string) => UseSuspenseQueryOptions<T, Error, T, K>

/** A dashboard route's loader: its figures and the bookings list, and whatever else it asks for meanwhile. */
export const loadDashboard = <T, K extends QueryKey>(queryClient: QueryClient, userId: string, options: DashboardOptions<T, K>, ...more: Promise<unknown>[]) =>
  Promise.all([loadQuery(queryClient, options(userId)), loadQuery(queryClient, bookingsQueryOptions(userId)).catch(() => undefined), ...more])

export interface DashboardState<T> {
  user: User
  online: boolean
  /** What either dashboard's page is given alike. */
  view: { firstName: string; notice: ReactNode; data: T; updatedAt: number; online: boolean; unread: number }
  refetch: () => Promise<unknown>
  bookings: BookingList | undefined
}

export function DashboardPage<T, K extends QueryKey>({
  options,
  children,
}: {
  options: DashboardOptions<T, K>
  children: (page: DashboardState<T>) => ReactNode
}) {
  const user = useSignedInUser()
  const online = useOnline()
  const dashboard = useSuspenseQuery(options(user.id))
  // The list is not the page's to fail (the loader let it go): its items are left out while it is missing.
  const bookings = useQuery(bookingsQueryOptions(user.id))
  const unread = useUnreadCount(user.id)
  return (
    <RenderInSlices fallback={<PageSpinner />}>
      {children({
        user,
        online,
        view: {
          firstName: user.firstName,
          notice: <EmailVerificationNotice user={user} />,
          data: dashboard.data,
          updatedAt: dashboard.dataUpdatedAt,
          online,
          unread: unread.count,
        },
        refetch: dashboard.refetch,
        bookings: bookings.data,
      })}
    </RenderInSlices>
  )
}
