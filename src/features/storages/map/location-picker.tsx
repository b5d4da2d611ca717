// Placing a listing: the pin comes from the typed address (the Location step asks GET /places), then a tap
// on the map or a drag puts it on the spot. The map starts on the city typed in the address; the browser's
// location is offered too. Works without tiles.
import { useEffect, useRef } from 'react'
import { toast } from '../../../lib/toast'
import { findCity } from './cities'
import { CANADA_CENTER, createMap, L, pinIcon } from './leaflet'

export function LocationPicker({
  lat,
  lng,
  city,
  onChange,
  error,
}: {
  lat: number | null
  lng: number | null
  city: string
  onChange: (lat: number, lng: number) => void
  error?: string
}) {
  const el = useRef<HTMLDivElement>(null)
  const map = useRef<L.Map | null>(null)
  const pin = useRef<L.Marker | null>(null)
  const change = useRef(onChange)
  change.current = onChange

  useEffect(() => {
    if (!el.current) return
    const start = lat != null && lng != null ? { center: [lat, lng] as [number, number], zoom: 15 } : { center: CANADA_CENTER, zoom: 3 }
    const m = createMap(el.current, start)
    map.current = m
    m.on('click', (e: L.LeafletMouseEvent) => change.current(Number(e.latlng.lat.toFixed(6)), Number(e.latlng.lng.toFixed(6))))
    return () => {
      m.remove()
      map.current = null
      pin.current = null
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  useEffect(() => {
    const m = map.current
    if (!m || lat == null || lng == null) return
    if (!pin.current) {
      pin.current = L.marker([lat, lng], { icon: pinIcon(), draggable: true, title: 'Your space’s pin: drag it to move it' }).addTo(m)
      pin.current.on('dragend', () => {
        const p = pin.current!.getLatLng()
        change.current(Number(p.lat.toFixed(6)), Number(p.lng.toFixed(6)))
      })
    } else pin.current.setLatLng([lat, lng])
    // A pin placed from the typed address may be out of view or at its edge: the map goes to it, close
    // enough to drag it onto the spot (a tap or a drag lands well inside the view and moves nothing).
    if (!m.getBounds().pad(-0.2).contains([lat, lng])) m.setView([lat, lng], Math.max(m.getZoom(), 15))
  }, [lat, lng])

  // Typing a known city moves the map there until a pin is placed.
  useEffect(() => {
    const found = findCity(city)
    if (found && lat == null) map.current?.setView([found.lat, found.lng], 12)
  }, [city, lat])

  function locate() {
    navigator.geolocation?.getCurrentPosition(
      (p) => {
        const next: [number, number] = [Number(p.coords.latitude.toFixed(6)), Number(p.coords.longitude.toFixed(6))]
        map.current?.setView(next, 16)
        change.current(...next)
      },
      () => toast.error("We couldn't get your location. Tap the map instead."),
      { timeout: 10_000 },
    )
  }

  return (
    <div>
      <div className="flex items-center justify-between gap-2">
        <span className="label mb-0">Pin on the map</span>
        <button type="button" className="text-sm font-semibold text-brand-700 hover:underline" onClick={locate}>
          Use my location
        </button>
      </div>
      <div
        ref={el}
        data-testid="location-picker"
        aria-invalid={error ? true : undefined}
        className={`z-0 mt-1 h-72 w-full overflow-hidden rounded-xl bg-stone-200 ${error ? 'ring-2 ring-red-500' : ''}`}
      />
      {error ? (
        <p className="mt-1 text-sm text-red-700">{error}</p>
      ) : (
        <p className="mt-1 text-xs text-stone-500">
          {lat != null && lng != null ? `Pin at ${lat.toFixed(4)}, ${lng.toFixed(4)} — drag it to adjust.` : 'Tap the map where the space is.'} Renters only see
          a ~500 m area until they book.
        </p>
      )}
    </div>
  )
}
