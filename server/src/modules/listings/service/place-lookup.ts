// A typed address to a point, from the places the demo data is built on (canadian-places.ts): the postal
// district (the first three characters of a postal code) first, then a known street named with its city,
// then the city's centre. Nothing matched: null (the host places the pin by hand).
import type { PlaceAnswer } from '@contract/places'
import { PLACES, type Place } from './canadian-places'

const words = (s: string) =>
  ` ${s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()} `

const CITIES = [...new Set(PLACES.map((p) => p.city))].map((city) => {
  const here = PLACES.filter((p) => p.city === city)
  const mean = (f: (p: Place) => number) => Number((here.reduce((n, p) => n + f(p), 0) / here.length).toFixed(6))
  return { city, state: here[0]!.state, key: words(city), lat: mean((p) => p.lat), lng: mean((p) => p.lng) }
})

export function lookUpPlace(q: string): PlaceAnswer['place'] {
  const text = words(q)
  const fsa = /(?:^|[^a-z0-9])([a-z]\d[a-z])\s?(?:\d[a-z]\d)?(?:$|[^a-z0-9])/i.exec(q)?.[1]?.toUpperCase()
  const byPostal = fsa && PLACES.find((p) => p.fsa === fsa)
  if (byPostal) return { lat: byPostal.lat, lng: byPostal.lng, label: `${byPostal.hood}, ${byPostal.city} ${byPostal.fsa}`, precision: 'postal' }
  const city = CITIES.find((c) => text.includes(c.key))
  const byStreet = PLACES.find((p) => text.includes(words(p.street)) && (!city || p.city === city.city))
  if (byStreet) return { lat: byStreet.lat, lng: byStreet.lng, label: `${byStreet.street}, ${byStreet.hood}, ${byStreet.city}`, precision: 'street' }
  if (city) return { lat: city.lat, lng: city.lng, label: `${city.city}, ${city.state}`, precision: 'city' }
  return null
}
