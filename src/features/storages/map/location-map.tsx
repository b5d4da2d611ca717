// A small map of a listing's location: a ~500 m circle when approximate, a pin when exact. Leaflet (and
// its styles) load with the map, in the browser only, once the map's box comes near the screen: the
// listing page is also rendered on the server and paints its text before the map's code arrives, and a
// slow phone starts the page without the map's 43 KB (gzip) and its setup (`npm run bench -- lighthouse`).
import { useEffect, useRef } from 'react'
import { useNearViewport } from '../../../lib/use-near-viewport'

export function LocationMap({ lat, lng, approximate, className = 'h-64' }: { lat: number; lng: number; approximate: boolean; className?: string }) {
  const el = useRef<HTMLDivElement>(null)
  const near = useNearViewport(el)
  useEffect(() => {
    if (!near) return
    let live = true
    let remove: (() => void) | undefined
    void import('./leaflet').then(
      (m) => {
        if (!m || !live || !el.current) return // no module while the page is left (leaving-page.ts)
        const { createMap, L, pinIcon } = m
        const map = createMap(el.current, { center: [lat, lng], zoom: approximate ? 14 : 16, scrollWheelZoom: false })
        if (approximate) L.circle([lat, lng], { radius: 500, color: '#0f766e', weight: 2, fillOpacity: 0.15 }).addTo(map)
        else L.marker([lat, lng], { icon: pinIcon(), keyboard: false }).addTo(map)
        remove = () => void map.remove()
      },
      () => {}, // not loadable now (offline, not cached): the grey box stays
    )
    return () => {
      live = false
      remove?.()
    }
  }, [near, lat, lng, approximate])
  return <div ref={el} className={`z-0 w-full overflow-hidden rounded-2xl bg-stone-200 ${className}`} aria-label="Map of the location" role="region" />
}
