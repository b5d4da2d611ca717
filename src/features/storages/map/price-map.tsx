// The explorer map: a price pill per listing in view, the selected one highlighted; reports the view
// after every move. Works without tiles (markers are HTML), so it stays useful offline.
import { useEffect, useRef, type MutableRefObject } from 'react'
import type { Storage } from '../../../schemas/storage'
import { monthlyPrice } from '../format'
import { createMap, L, pillIcon } from './leaflet'

export interface MapView {
  bbox: string
  center: [number, number]
  zoom: number
}

const round = (n: number) => Number(n.toFixed(5))
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
}: {
  items: Storage[]
  selectedId: string | null
  onSelect: (id: string | null) => void
  onMove: (view: MapView) => void
  initial: { center: [number, number]; zoom: number }
  mapRef: MutableRefObject<L.Map | null>
  onTilesFailed?: () => void
}) {
  const el = useRef<HTMLDivElement>(null)
  const layer = useRef<L.LayerGroup | null>(null)
  const markers = useRef(new Map<string, L.Marker>())
  const callbacks = useRef({ onSelect, onMove, onTilesFailed })
  callbacks.current = { onSelect, onMove, onTilesFailed }

  useEffect(() => {
    if (!el.current) return
    const map = createMap(el.current, { center: initial.center, zoom: initial.zoom, minZoom: 3 }, () => callbacks.current.onTilesFailed?.())
    mapRef.current = map
    layer.current = L.layerGroup().addTo(map)
    map.on('moveend', () => callbacks.current.onMove(viewOf(map)))
    map.on('click', () => callbacks.current.onSelect(null))
    callbacks.current.onMove(viewOf(map))
    return () => {
      map.remove()
      mapRef.current = null
    }
    // The map is created once; later view changes come from the user or the parent via mapRef.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const group = layer.current
    if (!group) return
    group.clearLayers()
    markers.current.clear()
    for (const s of items) {
      if (!s.location) continue
      const marker = L.marker([s.location.lat, s.location.lng], { icon: pillIcon(monthlyPrice(s), s.id === selectedId), title: s.title, riseOnHover: true })
      marker.on('click', (e) => {
        L.DomEvent.stopPropagation(e)
        callbacks.current.onSelect(s.id)
      })
      marker.addTo(group)
      markers.current.set(s.id, marker)
    }
    // Only rebuild when the set of listings changes; selection is handled below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [items])

  useEffect(() => {
    for (const [id, marker] of markers.current) {
      const s = items.find((i) => i.id === id)
      if (s) marker.setIcon(pillIcon(monthlyPrice(s), id === selectedId))
      if (id === selectedId) marker.setZIndexOffset(1000)
      else marker.setZIndexOffset(0)
    }
  }, [selectedId, items])

  return <div ref={el} data-testid="storage-map" className="z-0 h-full w-full bg-stone-200" />
}
