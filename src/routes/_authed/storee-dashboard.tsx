// /storee-dashboard: the renter's dashboard. Bookings, payments and requests come from GET
// /dashboard/storee and the bookings feature's list (withdraw in place); saved searches and saved listings
// from their features. Signed-out visitors go to /login and come back; offline, the saved copy is shown read-only.
import { useQuery } from '@tanstack/react-query'
import { createFileRoute, Link } from '@tanstack/react-router'
import { PageSpinner } from '../../components/ui/spinner'
import { RenderInSlices } from '../../components/ui/render-in-slices'
import { noDataYet, RouteError } from '../../components/ui/route-error'
import { EmailVerificationNotice } from '../../features/auth/components/email-verification-notice'
import { bookingsQueryOptions } from '../../features/bookings/api/bookings'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { storeeDashboardQueryOptions } from '../../features/dashboard/api/dashboard'
import { StoreeDashboardView } from '../../features/dashboard/components/storee-dashboard'
import { useUnreadCount } from '../../features/messaging/api/unread-count'
import { SavedListings } from '../../features/saved/components/saved-listings'
import { SavedSearchList } from '../../features/saved-searches/components/saved-search-list'
import { StorageCard } from '../../features/storages/components/storage-card'
import { lastSearch } from '../../features/storages/last-search'
import { filtersFromApiQuery } from '../../features/storages/search-params'
import { loadSignedInQuery } from '../../lib/signed-in-load'
import { titleHead } from '../../lib/page-title'
import { useOnline } from '../../lib/use-online'
import { OPEN_STATES } from '@contract/booking-process'
import { OfflineUnsaved } from './-dashboard/offline-unsaved'
import { waitingItems } from './-dashboard/waiting-items'
import { WithListingHearts } from '../-components/listing-hearts'

export const Route = createFileRoute('/_authed/storee-dashboard')({
  head: () => titleHead('Your dashboard'),
  // The figures and the bookings before the page renders, asked for at once (a list that came later would
  // move what is below it).
  loader: ({ context: { queryClient, userId } }) =>
    Promise.all([
      loadSignedInQuery(queryClient, storeeDashboardQueryOptions(userId)),
      loadSignedInQuery(queryClient, bookingsQueryOptions(userId)).catch(() => undefined),
    ]),
  errorComponent: RouteError,
  component: StoreeDashboard,
})

function StoreeDashboard() {
  const user = useSignedInUser()
  const { id: userId, firstName } = user
  const online = useOnline()
  // Online, an error with nothing to show yet is the route's error screen; offline, the page says what it lacks.
  const dashboard = useQuery({ ...storeeDashboardQueryOptions(userId), throwOnError: (error, query) => online && noDataYet(error, query) })
  const bookings = useQuery(bookingsQueryOptions(userId))
  const unread = useUnreadCount(userId)
  if (!dashboard.data) {
    if (!online) return <OfflineUnsaved />
    return <PageSpinner />
  }
  const waiting = waitingItems(bookings.data?.asRenter ?? [], OPEN_STATES, online)
  return (
    <RenderInSlices fallback={<PageSpinner />}>
      <StoreeDashboardView
        firstName={firstName}
        notice={<EmailVerificationNotice user={user} />}
        data={dashboard.data}
        updatedAt={dashboard.dataUpdatedAt}
        online={online}
        unread={unread.count}
        waiting={waiting}
        browseLink={<BrowseLink testId="bookings-find-storage" />}
        saved={
          <>
            <SavedSearchList
              userId={userId}
              renderOpen={(s, onOpen) => (
                <Link to="/storages" search={openedSearch(s.query, s.placeLabel)} className="btn-primary min-h-11" onClick={onOpen}>
                  Show spaces
                </Link>
              )}
            />
            <WithListingHearts>
              <SavedListings
                userId={userId}
                headingLevel={2}
                renderListing={(storage) => <StorageCard storage={storage} headingLevel={3} />}
                browseLink={<BrowseLink />}
              />
            </WithListingHearts>
          </>
        }
        footer={
          <Link to="/referrals" className="card flex items-center justify-between gap-4 p-4 transition hover:shadow-md sm:p-5" data-testid="referral-teaser">
            <span>
              <span className="block font-semibold text-stone-900">Invite a friend to Nookshare</span>
              <span className="block text-sm text-stone-600">Share your link and earn a reward when they make their first booking.</span>
            </span>
            <span aria-hidden className="text-xl text-brand-700">
              →
            </span>
          </Link>
        }
      />
    </RenderInSlices>
  )
}

/** Back to the renter's last search on this device, or to searching from scratch. */
function BrowseLink({ testId = 'back-to-search' }: { testId?: string }) {
  const search = lastSearch()
  return (
    <Link to="/storages" search={search} className="btn-primary" data-testid={testId}>
      {search.q ? `Back to your search: ${search.q}` : Object.keys(search).length ? 'Back to your last search' : 'Find storage'}
    </Link>
  )
}

/** A saved search opened in the order the search page picks for it: nearest first with a place, best fit with a list. */
function openedSearch(query: string, placeLabel: string | null) {
  const f = filtersFromApiQuery(query, placeLabel)
  return { ...f, sort: f.near ? ('distance' as const) : f.fit ? ('fit' as const) : undefined }
}
