// /storee-dashboard: the renter's dashboard. Bookings, payments and requests come from GET
// /dashboard/storee and the bookings feature's list (withdraw in place); saved searches and saved listings
// from their features. Signed-out visitors go to /login and come back; offline, the saved copy is shown read-only.
import { createFileRoute, Link } from '@tanstack/react-router'
import { storeeDashboardQueryOptions } from '../../features/dashboard/api/dashboard'
import { StoreeDashboardView } from '../../features/dashboard/components/storee-dashboard'
import { SavedListings } from '../../features/saved/components/saved-listings'
import { SavedSearchList } from '../../features/saved-searches/components/saved-search-list'
import { StorageCard } from '../../features/storages/components/storage-card'
import { lastSearch } from '../../features/storages/last-search'
import { filtersFromApiQuery } from '../../features/storages/search-params'
import { titleHead } from '../../lib/page-title'
import { OPEN_STATES } from '@contract/booking-process'
import { DashboardPage, loadDashboard } from './-dashboard/dashboard-page'
import { DashboardError } from './-dashboard/dashboard-error'
import { waitingItems } from './-dashboard/waiting-items'
import { WithListingHearts } from '../-components/listing-hearts'

export const Route = createFileRoute('/_authed/storee-dashboard')({
  head: () => titleHead('Your dashboard'),
  loader: ({ context: { queryClient, userId } }) => loadDashboard(queryClient, userId, storeeDashboardQueryOptions),
  errorComponent: DashboardError,
  component: StoreeDashboard,
})

function StoreeDashboard() {
  return (
    <DashboardPage options={storeeDashboardQueryOptions}>
      {({ user, online, view, bookings }) => (
        <StoreeDashboardView
          {...view}
          waiting={waitingItems(bookings?.asRenter ?? [], OPEN_STATES, online)}
          browseLink={<BrowseLink testId="bookings-find-storage" />}
          saved={
            <>
              <SavedSearchList
                userId={user.id}
                renderOpen={(s, onOpen) => (
                  <Link to="/storages" search={openedSearch(s.query, s.placeLabel)} className="btn-primary min-h-11" onClick={onOpen}>
                    Show spaces
                  </Link>
                )}
              />
              <WithListingHearts>
                <SavedListings
                  userId={user.id}
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
      )}
    </DashboardPage>
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
