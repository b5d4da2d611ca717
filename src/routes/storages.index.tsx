// /storages: search by location, filter in a sheet, say what must fit, load more; filters live in the URL.
import { createFileRoute, Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { storagesQueryOptions } from '../features/storages/api/search-storages'
import { AppliedFilters } from '../features/storages/components/applied-filters'
import { FilterSheet } from '../features/storages/components/filter-sheet'
import { LazyFitPicker } from '../features/storages/components/lazy-fit-picker'
import { SearchBar } from '../features/storages/components/search-bar'
import { StorageResults } from '../features/storages/components/storage-results'
import { StoragesPageSkeleton } from '../features/storages/components/storage-skeletons'
import { rememberLastSearch } from '../features/storages/last-search'
import { activeFilterCount, cleanFilters, parseStorageFilters, toApiSearch, type StorageFilters } from '../features/storages/search-params'
import { lazyBackground } from '../lib/lazy-background'
import { loadInfiniteQuery } from '../lib/offline-first-load'
import { titleHead } from '../lib/page-title'
import { WithListingHearts } from './-components/listing-hearts'
import type { StorageSort } from '@contract/storage-constants'

// Loaded after the page shows (a chunk that cannot load, offline, leaves it out rather than failing the page).
const SaveSearch = lazyBackground(() => import('../features/saved-searches/components/save-search').then((m) => m?.SaveSearch ?? (() => null)))

export const Route = createFileRoute('/storages/')({
  staticData: { render: 'request' },
  head: () => titleHead('Find storage near you'),
  validateSearch: parseStorageFilters,
  loaderDeps: ({ search }) => search,
  // Cache first: results seen before (going back to them, or offline) show at once, refreshed behind.
  // Returns nothing: the results reach the browser once, in the query cache, not again as loader data.
  loader: ({ context, deps }) =>
    loadInfiniteQuery(context.queryClient, storagesQueryOptions(toApiSearch(deps), context.api)).then(
      () => undefined,
      () => undefined,
    ),
  pendingComponent: StoragesPageSkeleton,
  component: StoragesPage,
})

function StoragesPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [fitOpen, setFitOpen] = useState(false)
  useEffect(() => rememberLastSearch(search), [search])
  // Any change of search or filters starts again from page 1 (a new query key).
  const go = (next: StorageFilters) => void navigate({ search: cleanFilters(next), replace: false })
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-bold text-stone-900 sm:text-3xl">Find storage near you</h1>
          <p className="mt-1 text-stone-600">Garages, basements, closets and sheds from neighbours — often half the price of self-storage.</p>
        </div>
        <div className="flex min-h-11 items-center gap-3">
          <SaveSearch apiSearch={toApiSearch(search)} placeLabel={search.place} />
          <Link to="/map" search={search} className="text-sm font-semibold text-brand-700 hover:underline">
            Show map →
          </Link>
        </div>
      </div>
      <div className="mt-5">
        <SearchBar
          q={search.q}
          sort={search.sort}
          sorts={sortsFor(search)}
          filterCount={activeFilterCount(search)}
          fitApplied={Boolean(search.fit)}
          onOpenFit={() => setFitOpen(true)}
          onSearch={(q) => go({ ...search, q: q || undefined })}
          onSort={(sort) => go({ ...search, sort: sort === 'recommended' ? undefined : sort })}
          onOpenFilters={() => setFiltersOpen(true)}
        />
      </div>
      <AppliedFilters className="mt-3" filters={search} onChange={go} onOpenFit={() => setFitOpen(true)} onOpenFilters={() => setFiltersOpen(true)} />
      <WithListingHearts>
        <StorageResults search={toApiSearch(search)} onReset={() => go({})} />
      </WithListingHearts>
      <FilterSheet
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        value={search}
        onApply={(f) => {
          setFiltersOpen(false)
          go(f)
        }}
      />
      <LazyFitPicker
        open={fitOpen}
        onClose={() => setFitOpen(false)}
        value={search.fit}
        onApply={(fit) => {
          setFitOpen(false)
          // Applying a list sorts by best fit, unless the renter chose another order.
          go({ ...search, fit, sort: fit && !search.sort ? 'fit' : search.sort })
        }}
      />
    </div>
  )
}

/** The orders offered: Best fit with a list of things, Nearest with a place. */
const sortsFor = (f: StorageFilters): StorageSort[] => [
  'recommended',
  ...(f.fit ? (['fit'] as const) : []),
  ...(f.near ? (['distance'] as const) : []),
  'price',
  'size',
  'newest',
  'rating',
]
