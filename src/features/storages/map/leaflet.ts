// Leaflet setup shared by every map: the tile layer (OpenStreetMap unless VITE_MAP_TILE_URL says
// otherwise) and price "pill" markers drawn as HTML, so nothing depends on image assets or tiles.
import L from 'leaflet'
import 'leaflet/dist/leaflet.css'

export const TILE_URL = (import.meta.env.VITE_MAP_TILE_URL as string | undefined) || 'https://tile.openstreetmap.org/{z}/{x}/{y}.png'
export const CANADA_CENTER: [number, number] = [49.5, -95]

/** Creates a map; onTilesFailed fires once if the background tiles can't load (offline). */
export function createMap(el: HTMLElement, opts: L.MapOptions & { center: [number, number]; zoom: number }, onTilesFailed?: () => void) {
  const map = L.map(el, { zoomControl: true, attributionControl: true, ...opts })
  const tiles = L.tileLayer(TILE_URL, { maxZoom: 19, attribution: '© OpenStreetMap contributors', crossOrigin: true }).addTo(map)
  if (onTilesFailed) tiles.once('tileerror', onTilesFailed)
  return map
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export function pillIcon(label: string, active = false) {
  const tone = active ? 'bg-stone-900 text-white border-stone-900 scale-110' : 'bg-white text-stone-900 border-stone-300'
  return L.divIcon({
    className: 'nook-pill',
    iconSize: [0, 0],
    html: `<span data-testid="price-marker" class="absolute left-0 top-0 -translate-x-1/2 -translate-y-full whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-bold shadow-md transition ${tone}">${escapeHtml(label)}</span>`,
  })
}

/** A group of listings too close to show apart at this zoom: its count, tapped to zoom in. */
export function clusterIcon(count: number) {
  return L.divIcon({
    className: 'nook-cluster',
    iconSize: [0, 0],
    html: `<span data-testid="price-cluster" class="absolute left-0 top-0 grid h-9 min-w-9 -translate-x-1/2 -translate-y-full place-items-center rounded-full border-[3px] border-white bg-brand-700 px-2 text-sm font-bold text-white shadow-lg">${count}</span>`,
  })
}

export function pinIcon() {
  return L.divIcon({
    className: 'nook-pin',
    iconSize: [0, 0],
    html: '<span class="absolute left-0 top-0 block h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white bg-brand-700 shadow-lg"></span>',
  })
}

export { L }
