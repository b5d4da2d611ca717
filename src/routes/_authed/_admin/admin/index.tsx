import { createFileRoute } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { csvOf, oneOf, text, wholeNumber } from '../../../../lib/search-params'
import type { BookingStateName } from '@contract/booking'
// The states alone (plain data, no zod): this search check is in the startup bundle (see lib/search-params).
import { BOOKING_STATES } from '@contract/booking-states'
import { ADMIN_TABS } from '../../../../features/admin/admin-tabs'
import { AdminPortal, type AdminSearch } from '../../../../features/admin/components/admin-portal'
import { BlogPostsPanel } from '../../../../features/blog/components/blog-posts-panel'
import { AdminClaimsPanel } from '../../../../features/evidence/components/admin-claims-panel'
import { titleHead } from '../../../../lib/page-title'
import { paymentConfigQueryOptions } from '../../../../features/payments/api/payment-config'
import { RouteError } from '../../../../components/ui/route-error'
import { loadQuery } from '../../../../lib/offline-first-load'

const USER_STATUSES = ['all', 'active', 'deactivated', 'admins'] as const
const STORAGE_STATUSES = ['all', 'draft', 'active', 'paused', 'removed'] as const
/** The Bookings tab's status: every booking, or only those whose payment was disputed. */
const BOOKING_STATUSES = ['all', 'disputed'] as const
const BOOKING_KINDS = ['all', 'booking', 'offer'] as const satisfies readonly AdminSearch['kind'][]
const isoDay = (value: unknown) => text(value, { max: 10, pattern: /^\d{4}-\d{2}-\d{2}$/ })

/** /admin's search params: AdminSearch as the URL holds it (the booking states as "confirmed,active"). */
type AdminUrl = Omit<AdminSearch, 'states'> & { state: string }

export const Route = createFileRoute('/_authed/_admin/admin/')({
  head: () => titleHead('Admin'),
  validateSearch: (raw: Record<string, unknown>): Partial<AdminUrl> => {
    const tab = oneOf(raw.tab, ADMIN_TABS) ?? 'users'
    const statuses: readonly string[] = tab === 'listings' ? STORAGE_STATUSES : tab === 'bookings' ? BOOKING_STATUSES : USER_STATUSES
    return {
      tab,
      q: text(raw.q, { max: 200, trim: true }) || undefined,
      status: oneOf(raw.status, statuses) ?? undefined,
      page: wholeNumber(raw.page, 1, 100_000),
      state: csvOf(raw.state, BOOKING_STATES),
      kind: oneOf(raw.kind, BOOKING_KINDS) ?? undefined,
      from: isoDay(raw.from),
      to: isoDay(raw.to),
    }
  },
  loaderDeps: ({ search }) => adminSearchOf(search),
  // The open tab's first answer, asked for alongside the portal's code with the options its panel reads.
  // Imported when needed (the admin API brings zod, which stays out of the startup bundle), and not waited
  // for: a filter ticked in the portal is in the URL at once, its list follows (the panels keep the list
  // before on screen meanwhile, placeholderData, which a suspense read would replace with a spinner).
  // The payment mode is waited for, but only for the "Test mode" badge (optional; in memory after the first).
  loader: async ({ context: { queryClient }, deps }) => {
    void import('../../../../features/admin/api/tab-query').then((m) => {
      const options = m?.adminTabQueryOptions(deps) // no module while the page is left (leaving-page.ts)
      if (options) void queryClient.prefetchQuery(options as Parameters<typeof queryClient.prefetchQuery>[0])
    })
    await loadQuery(queryClient, paymentConfigQueryOptions(), { optional: true })
  },
  errorComponent: RouteError,
  component: AdminRoute,
})

/** The portal's whole search, defaults filled in, from what the URL holds. */
function adminSearchOf(raw: Partial<AdminUrl>): AdminSearch {
  return {
    tab: raw.tab ?? 'users',
    q: raw.q ?? '',
    status: raw.status ?? 'all',
    page: raw.page ?? 1,
    states: raw.state ? (raw.state.split(',') as BookingStateName[]) : [],
    kind: raw.kind ?? 'all',
    from: raw.from ?? '',
    to: raw.to ?? '',
  }
}

function AdminRoute() {
  const navigate = Route.useNavigate()
  const search = adminSearchOf(Route.useSearch())
  const { data: payments } = useQuery(paymentConfigQueryOptions())
  return (
    <AdminPortal
      testMode={payments?.mode === 'sandbox'}
      search={search}
      onSearch={(next) => {
        const merged = { ...search, ...next }
        void navigate({
          search: {
            tab: merged.tab,
            q: merged.q || undefined,
            status: merged.status === 'all' ? undefined : merged.status,
            page: merged.page > 1 ? merged.page : undefined,
            state: merged.states.length ? merged.states.join(',') : undefined,
            kind: merged.kind === 'all' ? undefined : merged.kind,
            from: merged.from || undefined,
            to: merged.to || undefined,
          },
        })
      }}
      blog={<BlogPostsPanel />}
      claims={<AdminClaimsPanel />}
    />
  )
}
