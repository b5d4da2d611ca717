// What both dashboard routes do around their page. The loader asks for the dashboard and the bookings list
// at once (a list that came later would move what is below it). The page reads the dashboard (online, an
// error with nothing to show yet is the route's error screen; offline, the page says what it lacks), the
// bookings and the unread count; until the dashboard has data it is a spinner, or offline a plain note
// that this device has not saved it yet; then the page renders in slices, given what both dashboards'
// pages take alike (`view`: the name, the account's notice, the figures and their age, online, unread).
import { useQuery, type QueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import type { User } from '@contract/user'
import type { BookingList } from '@contract/booking'
import { PageSpinner } from '../../../components/ui/spinner'
import { RenderInSlices } from '../../../components/ui/render-in-slices'
import { noDataYet } from '../../../components/ui/route-error'
import { EmailVerificationNotice } from '../../../features/auth/components/email-verification-notice'
import { bookingsQueryOptions } from '../../../features/bookings/api/bookings'
import { useSignedInUser } from '../../../features/auth/signed-in-user'
import { useUnreadCount } from '../../../features/messaging/api/unread-count'
import { loadSignedInQuery } from '../../../lib/signed-in-load'
import { useOnline } from '../../../lib/use-online'

type DashboardOptions<T, K extends QueryKey> = (userId: string) => UseQueryOptions<T, Error, T, K>

/** A dashboard route's loader: its figures and the bookings list, and whatever else it asks for meanwhile. */
export const loadDashboard = <T, K extends QueryKey>(queryClient: QueryClient, userId: string, options: DashboardOptions<T, K>, ...more: Promise<unknown>[]) =>
  Promise.all([loadSignedInQuery(queryClient, options(userId)), loadSignedInQuery(queryClient, bookingsQueryOptions(userId)).catch(() => undefined), ...more])

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
  const dashboard = useQuery({ ...options(user.id), throwOnError: (error, query) => online && noDataYet(error, query) })
  const bookings = useQuery(bookingsQueryOptions(user.id))
  const unread = useUnreadCount(user.id)
  if (!dashboard.data) return online ? <PageSpinner /> : <OfflineUnsaved />
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

// A dashboard opened offline that this device has never saved: say so plainly.
function OfflineUnsaved() {
  return (
    <div className="mx-auto max-w-md px-4 py-20 text-center" role="status" data-testid="dashboard-offline-unsaved">
      <h1 className="text-2xl font-bold text-stone-900">You're offline</h1>
      <p className="mt-2 text-stone-600">This dashboard hasn't been saved on this device yet. It will load as soon as you're back online.</p>
    </div>
  )
}
