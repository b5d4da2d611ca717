// /map's body: the map with price markers for listings in view (refetched as it moves, or on "Search
// this area"), the list of what is in view beside (desktop) or under (phone) it, a place search that
// jumps the map, and the browser's location on request.
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Spinner } from '../../../components/ui/spinner'
import { toast } from '../../../lib/toast'
import { useOnline } from '../../../lib/use-online'
import { formatTotal } from '@contract/storage'
import { storagesAtPlaceQueryOptions, storagesInViewQueryOptions } from '../api/search-storages'
import { AppliedFilters } from '../components/applied-filters'
import { FilterSheet } from '../components/filter-sheet'
import { LazyFitPicker } from '../components/lazy-fit-picker'
import { SearchBar } from '../components/search-bar'
import { StorageCard } from '../components/storage-card'
import { monthlyPrice, placeLabel } from '../format'
import { activeFilterCount, DEFAULT_RADIUS_KM, mapViewAround, toApiSearch, type StorageFilters } from '../search-params'
import type { L } from './leaflet'
import { PriceMap, type MapView } from './price-map'
import { ListingPhoto } from '../components/listing-photo'

export function MapExplorer({
  filters,
  initial,
  place,
  onFilters,
  onView,
}: {
  filters: StorageFilters
  initial: { center: [number, number]; zoom: number }
  /** A place to fit the map to once it is ready (the search carried over from /storages or /). */
  place?: string
  onFilters: (f: StorageFilters) => void
  onView: (view: MapView) => void
}) {
  const mapRef = useRef<L.Map | null>(null)
  const queryClient = useQueryClient()
  const [bbox, setBbox] = useState<string | null>(null)
  const [movedTo, setMovedTo] = useState<string | null>(null)
  const [auto, setAuto] = useState(true)
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [fitOpen, setFitOpen] = useState(false)
  const [locating, setLocating] = useState(false)
  const [tilesFailed, setTilesFailed] = useState(false)
  const online = useOnline()
  const apiSearch = useMemo(() => toApiSearch({ ...filters, q: undefined }, { bbox: bbox ?? undefined }), [filters, bbox])
  const query = useQuery({ ...storagesInViewQueryOptions(apiSearch), enabled: bbox !== null })
  const items = query.data?.items ?? []
  const selected = items.find((s) => s.id === selectedId) ?? null

  // A place chosen here (or cleared and chosen again) moves the map to it; the first view is the route's.
  const shownPlace = useRef(`${filters.near}/${filters.radius}`)
  useEffect(() => {
    const key = `${filters.near}/${filters.radius}`
    if (key === shownPlace.current) return
    shownPlace.current = key
    const view = mapViewAround(filters)
    if (view) mapRef.current?.setView(view.center, view.zoom)
  }, [filters])

  // The map reports its first view once it exists: only then can it be fitted to the place.
  const pendingPlace = useRef(place)
  const onMove = (view: MapView) => {
    onView(view)
    if (pendingPlace.current) {
      void jumpTo(pendingPlace.current)
      pendingPlace.current = undefined
    }
    if (auto || bbox === null) setBbox(view.bbox)
    else setMovedTo(view.bbox)
  }

  async function jumpTo(text: string) {
    if (!text) return
    try {
      const found = await queryClient.fetchQuery(storagesAtPlaceQueryOptions(text))
      const points = found.items.flatMap((s) => (s.location ? [[s.location.lat, s.location.lng] as [number, number]] : []))
      if (points.length === 0) return void toast.info(`No storage found around “${text}”.`)
      // Room for a mark above its point and half a pill aside, for the buttons along the top and the
      // offline note at the bottom, so that every result shows whole (on a phone too, where it is tight).
      mapRef.current?.fitBounds(points, { paddingTopLeft: [44, 96], paddingBottomRight: [44, 72], maxZoom: 13 })
    } catch {
      toast.error('We could not search right now. Please try again.')
    }
  }

  function locate() {
    if (!('geolocation' in navigator)) return void toast.error('Your browser cannot share its location.')
    setLocating(true)
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setLocating(false)
        mapRef.current?.setView([pos.coords.latitude, pos.coords.longitude], 12)
      },
      () => {
        setLocating(false)
        toast.error("We couldn't get your location. Check the browser's location permission.")
      },
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    )
  }

  const around = mapViewAround(filters)
  const area = around && { center: around.center, radiusKm: filters.radius ?? DEFAULT_RADIUS_KM }
  const total = query.data?.total ?? 0
  return (
    <div className="flex flex-col md:h-[calc(100dvh-3.5rem)] md:flex-row-reverse">
      <div className="relative h-[55dvh] md:h-auto md:flex-1">
        <PriceMap
          items={items}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onMove={onMove}
          initial={initial}
          mapRef={mapRef}
          onTilesFailed={() => setTilesFailed(true)}
          area={area}
        />
        {tilesFailed && (
          <p
            className="absolute bottom-6 left-3 z-[500] max-w-[55%] rounded-lg bg-white/90 px-2.5 py-1.5 text-xs text-stone-600 shadow"
            data-testid="map-tiles-note"
          >
            {/* Offline only when the browser says so: online, the tile server itself did not answer. */}
            Map background unavailable{online ? '' : ' offline'} — prices and the list still work.
          </p>
        )}
        <div className="pointer-events-none absolute inset-x-0 top-3 z-[500] flex justify-center gap-2 px-3">
          {!auto && movedTo && movedTo !== bbox && (
            <button
              className="btn-primary pointer-events-auto shadow-lg"
              onClick={() => {
                setBbox(movedTo)
                setMovedTo(null)
              }}
            >
              Search this area
            </button>
          )}
          {query.isFetching && (
            <span className="pointer-events-auto inline-flex items-center gap-2 rounded-full bg-white px-3 py-1.5 text-sm shadow">
              <Spinner className="h-4 w-4" label="Loading listings" /> Loading
            </span>
          )}
        </div>
        <button className="btn-secondary absolute top-3 right-3 z-[500] py-2 shadow-lg" onClick={locate} disabled={locating}>
          {locating ? 'Locating…' : 'Use my location'}
        </button>
        {selected && (
          <div className="absolute inset-x-3 bottom-20 z-[500] mx-auto max-w-sm md:bottom-6 md:left-6 md:right-auto md:w-80">
            <Link to="/storages/$id" params={{ id: selected.id }} className="card flex gap-3 overflow-hidden p-2 shadow-xl">
              {selected.photos[0] && <ListingPhoto src={selected.photos[0].thumbUrl} alt="" className="h-20 w-24 flex-none rounded-lg object-cover" />}
              <div className="min-w-0">
                <p className="line-clamp-2 text-sm font-semibold">{selected.title}</p>
                <p className="text-xs text-stone-600">{placeLabel(selected)}</p>
                <p className="text-sm font-bold">
                  {monthlyPrice(selected)} <span className="font-normal text-stone-500">/ month</span>
                </p>
              </div>
            </Link>
          </div>
        )}
      </div>
      <aside className="w-full overflow-y-auto border-stone-200 bg-stone-50 p-4 md:w-[440px] md:border-r">
        <SearchBar
          q={filters.q}
          sort={undefined}
          sorts={['recommended']}
          filterCount={activeFilterCount(filters)}
          fitApplied={Boolean(filters.fit)}
          onOpenFit={() => setFitOpen(true)}
          onSearch={(text) => {
            // Kept in the URL so "← list" and a shared link keep the place; the map only jumps.
            onFilters({ ...filters, q: text || undefined })
            void jumpTo(text)
          }}
          onSort={() => {}}
          onOpenFilters={() => setFiltersOpen(true)}
        />
        <AppliedFilters className="mt-3" filters={filters} onChange={onFilters} onOpenFit={() => setFitOpen(true)} onOpenFilters={() => setFiltersOpen(true)} />
        <label className="mt-3 flex items-center gap-2 text-sm text-stone-700">
          <input type="checkbox" className="h-4 w-4 accent-brand-700" checked={auto} onChange={(e) => setAuto(e.target.checked)} />
          Search as I move the map
        </label>
        <p className="mt-3 text-sm text-stone-600" aria-live="polite">
          {query.isError
            ? "We couldn't load listings for this area."
            : query.isPending
              ? 'Loading listings in view…'
              : total === 0
                ? 'No storage in this area. Zoom out or move the map.'
                : total > items.length
                  ? `Showing ${items.length} of ${formatTotal(total)} in view — zoom in to see more.`
                  : `${total} space${total === 1 ? '' : 's'} in view`}
        </p>
        {query.isError && (
          <button className="btn-secondary mt-2" onClick={() => void query.refetch()}>
            Retry
          </button>
        )}
        <div className="mt-3 grid gap-3 sm:grid-cols-2" data-testid="map-list">
          {items.map((s) => (
            <StorageCard
              key={s.id}
              storage={s}
              highlighted={s.id === selectedId}
              onHover={setSelectedId}
              stay={filters.from ? { from: filters.from, to: filters.to } : undefined}
            />
          ))}
        </div>
      </aside>
      <FilterSheet
        open={filtersOpen}
        onClose={() => setFiltersOpen(false)}
        value={filters}
        onApply={(f) => {
          setFiltersOpen(false)
          onFilters(f)
        }}
      />
      <LazyFitPicker
        open={fitOpen}
        onClose={() => setFitOpen(false)}
        value={filters.fit}
        onApply={(fit) => {
          setFitOpen(false)
          onFilters({ ...filters, fit })
        }}
      />
    </div>
  )
}
