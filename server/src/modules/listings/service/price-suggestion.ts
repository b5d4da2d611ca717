// The listing editor's suggested monthly range: comparable published listings of other hosts (same space
// type, a size band around this one's area, the same climate control) within the first radius that has
// enough of them, their 25th–75th percentile prices, and the area named as a host knows it.
import { COMPARABLE_RADII_KM, MIN_COMPARABLES, SIZE_BAND_FACTOR, type PriceSuggestion, type PriceSuggestionQuerySchema } from '@contract/price-suggestion'
import type { z } from 'zod'
import type { Database } from '../../../db/client'
import { comparablePrices } from '../queries/price-comparables'
import { PLACES } from './canadian-places'

/** Within this of a neighbourhood's centre the area is named after it; within CITY_KM, after its city. */
const HOOD_KM = 4
const CITY_KM = 40

function kmBetween(lat1: number, lng1: number, lat2: number, lng2: number) {
  const rad = Math.PI / 180
  const a = Math.sin(((lat2 - lat1) * rad) / 2) ** 2 + Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2
  return 6371 * 2 * Math.asin(Math.sqrt(a))
}

/** "Leslieville" near its centre, "Toronto" elsewhere in the city, null far from any place we know. */
export function areaName(lat: number, lng: number): string | null {
  let best: { name: string; city: string; km: number } | null = null
  for (const p of PLACES) {
    const km = kmBetween(lat, lng, p.lat, p.lng)
    if (!best || km < best.km) best = { name: p.hood, city: p.city, km }
  }
  if (!best || best.km > CITY_KM) return null
  return best.km <= HOOD_KM ? best.name : best.city
}

/** Two decimals are enough for a size band a host reads in whole square feet. */
const round2 = (n: number) => Math.round(n * 100) / 100

export async function suggestPrice(database: Database, q: z.output<typeof PriceSuggestionQuerySchema>, hostId: string): Promise<PriceSuggestion> {
  const minSqFt = round2(q.areaSqFt / SIZE_BAND_FACTOR)
  const maxSqFt = round2(q.areaSqFt * SIZE_BAND_FACTOR)
  const byRadius = await comparablePrices(database, {
    lat: q.lat,
    lng: q.lng,
    spaceType: q.spaceType,
    minSqFt,
    maxSqFt,
    climateControlled: q.climateControlled,
    currency: q.currency,
    excludeHostId: hostId,
    radiiKm: COMPARABLE_RADII_KM,
  })
  // The nearest radius with enough listings; with none, the widest says how many there were.
  const chosen = byRadius.find((r) => r.compared >= MIN_COMPARABLES) ?? byRadius[byRadius.length - 1]!
  const enough = chosen.compared >= MIN_COMPARABLES && chosen.low != null && chosen.median != null && chosen.high != null
  return {
    compared: chosen.compared,
    radiusKm: chosen.radiusKm,
    near: areaName(q.lat, q.lng),
    spaceType: q.spaceType,
    minSqFt,
    maxSqFt,
    climateControlled: q.climateControlled,
    currency: q.currency,
    range: enough ? { low: chosen.low!, median: chosen.median!, high: chosen.high! } : null,
  }
}
