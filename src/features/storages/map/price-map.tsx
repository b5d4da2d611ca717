// The explorer map: a price pill per listing in view, the selected one highlighted; pills that would
// cover each other show as one round count that zooms in when tapped (stacked once zoomed right in);
// reports the view after every move. Works without tiles (markers are HTML), so it stays useful offline.
import { useEffect, useRef, type MutableRefObject } from 'react'
import type { Storage } from '@contract/storage'
import { monthlyPrice } from '../format'
import { groupOverlapping, stackOffsets } from './cluster'
import { clusterIcon, createMap, L, pillIcon } from './leaflet'

export interface MapView {
  bbox: string
  center: [number, number]
  zoom: number
}

const round = (n: number) => Number(n.toFixed(5))
/** From this zoom on, listings still together share a spot: their pills stack instead of counting. */
export const STACK_ZOOM = 16
export function viewOf(map: L.Map): MapView {
  const b = map.getBounds()
  const c = map.getCenter()
  const bbox = [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()]
    .map((n, i) => round(Math.max(i % 2 ? -90 : -180, Math.min(i % 2 ? 90 : 180, n))))
    .join(',')
  return { bbox, center: [round(c.lat), round(c.lng)], zoom: map.getZoom() }
}

export function PriceMap({
  items,
  selectedId,
  onSelect,
  onMove,
  initial,
  mapRef,
  onTilesFailed,
  area,
}: {
  items: Storage[]
  selectedId: string | null
  onSelect: (id: string | null) => void
  onMove: (view: MapView) => void
  initial: { center: [number, number]; zoom: number }
  mapRef: MutableRefObject<L.Map | null>
  onTilesFailed?: () => void
  /** The distance searched within ("Within 5 km of …"), outlined so the renter sees where results end. */
  area?: { center: [number, number]; radiusKm: number }
}) {
  const el = useRef<HTMLDivElement>(null)
  const layer = useRef<L.LayerGroup | null>(null)
  const markers = useRef(new Map<string, L.Marker>())
  const callbacks = useRef({ onSelect, onMove, onTilesFailed })
  callbacks.current = { onSelect, onMove, onTilesFailed }

  // Drawn again when the listings change or the zoom does (what overlaps depends on it).
  const draw = useRef(() => {})
  draw.current = () => {
    const group = layer.current
    const map = mapRef.current
    if (!group || !map) return
    group.clearLayers()
    markers.current.clear()
    const zoom = map.getZoom()
    const placed = items.flatMap((s) => {
      if (!s.location) return []
      const { x, y } = map.project([s.location.lat, s.location.lng], zoom)
      return [{ item: s, x, y }]
    })
    const at = (x: number, y: number) => map.unproject([x, y], zoom)
    for (const g of groupOverlapping(placed)) {
      if (g.items.length > 1 && zoom < STACK_ZOOM) {
        const cluster = L.marker(at(g.x, g.y), { icon: clusterIcon(g.items.length), title: `${g.items.length} spaces here: zoom in`, riseOnHover: true })
        cluster.on('click', (e) => {
          L.DomEvent.stopPropagation(e)
          const bounds = L.latLngBounds(g.items.map((s) => [s.location!.lat, s.location!.lng]))
          // At least one level in, at most to where they stack; fitted so all of them stay in view.
          const fit = map.getBoundsZoom(bounds, false, L.point(96, 96))
          map.setView(bounds.getCenter(), Math.max(zoom + 1, Math.min(fit, STACK_ZOOM)))
        })
        cluster.addTo(group)
        continue
      }
      const offsets = stackOffsets(g.items.length)
      g.items.forEach((s, i) => {
        const point = g.items.length > 1 ? at(g.x, g.y + offsets[i]!) : L.latLng(s.location!.lat, s.location!.lng)
        const marker = L.marker(point, { icon: pillIcon(monthlyPrice(s), s.id === selectedId), title: s.title, riseOnHover: true })
        marker.on('click', (e) => {
          L.DomEvent.stopPropagation(e)
          callbacks.current.onSelect(s.id)
        })
        marker.addTo(group)
        markers.current.set(s.id, marker)
      })
    }
  }

  useEffect(() => {
    if (!el.current) return
    const map = createMap(el.current, { center: initial.center, zoom: initial.zoom, minZoom: 3 }, () => callbacks.current.onTilesFailed?.())
    mapRef.current = map
    layer.current = L.layerGroup().addTo(map)
    map.on('moveend', () => callbacks.current.onMove(viewOf(map)))
    map.on('click', () => callbacks.current.onSelect(null))
    map.on('zoomend', () => draw.current())
    callbacks.current.onMove(viewOf(map))
    return () => {
      map.remove()
      mapRef.current = null
    }
    // The map is created once; later view changes come from the user or the parent via mapRef.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  // Only redrawn when the set of listings changes; selection is handled below.
  useEffect(() => draw.current(), [items])

  useEffect(() => {
    for (const [id, marker] of markers.current) {
      const s = items.find((i) => i.id === id)
      if (s) marker.setIcon(pillIcon(monthlyPrice(s), id === selectedId))
      if (id === selectedId) marker.setZIndexOffset(1000)
      else marker.setZIndexOffset(0)
    }
  }, [selectedId, items])

  const [areaLat, areaLng] = area?.center ?? []
  const areaKm = area?.radiusKm
  useEffect(() => {
    const map = mapRef.current
    if (!map || areaLat === undefined || areaLng === undefined || !areaKm) return
    const circle = L.circle([areaLat, areaLng], {
      radius: areaKm * 1000,
      color: '#0f766e',
      weight: 2,
      dashArray: '6 6',
      fillOpacity: 0.04,
      interactive: false,
    }).addTo(map)
    return () => void circle.remove()
  }, [mapRef, areaLat, areaLng, areaKm])

  return <div ref={el} data-testid="storage-map" className="z-0 h-full w-full bg-stone-200" />
}
