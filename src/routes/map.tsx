// /map: the Leaflet map of listings; filters and the view live in the URL.
import { createFileRoute } from '@tanstack/react-router'
import { MapExplorer } from '../features/storages/map/map-explorer'
import { cleanFilters, mapViewAround, parseStorageFilters, type StorageFilters } from '../features/storages/search-params'
import { text } from '../lib/search-params'
import { titleHead } from '../lib/page-title'
import { WithListingHearts } from './-components/listing-hearts'

export const Route = createFileRoute('/map')({
  head: () => titleHead('Storage map'),
  validateSearch: (raw: Record<string, unknown>): StorageFilters & { at?: string } =>
    // at: "lat,lng,zoom" of the map's view.
    ({ ...parseStorageFilters(raw), at: text(raw.at, { max: 60, pattern: /^-?\d+(\.\d+)?,-?\d+(\.\d+)?,\d{1,2}$/ }) }),
  component: MapPage,
})

const CANADA = { center: [50, -92] as [number, number], zoom: 4 }

function MapPage() {
  const { at, ...filters } = Route.useSearch()
  const navigate = Route.useNavigate()
  const parts = at?.split(',').map(Number)
  // The view kept in the URL, else the place searched from (its whole radius in view), else Canada.
  const initial = parts ? { center: [parts[0]!, parts[1]!] as [number, number], zoom: parts[2]! } : (mapViewAround(filters) ?? CANADA)
  return (
    <WithListingHearts>
      <h1 className="sr-only">Storage map</h1>
      <MapExplorer
        filters={filters}
        initial={initial}
        place={at || filters.near ? undefined : filters.q}
        onFilters={(f) => void navigate({ search: { ...cleanFilters(f), at } })}
        onView={(v) => void navigate({ search: (prev) => ({ ...prev, at: `${v.center[0]},${v.center[1]},${v.zoom}` }), replace: true })}
      />
    </WithListingHearts>
  )
}
