// The listing editor's price suggestion: the monthly prices of comparable published listings around a
// point, as percentiles at each of several radii, in one statement (percentile_disc, so every figure is a
// price some listing asks, in minor units, and no amount goes through floating point).
import { FEATURES } from '@contract/storage-constants'
import type { Database } from '../../../db/client'

const KM_PER_DEG_LAT = 111.2
const CLIMATE_BIT = 1 << FEATURES.indexOf('climate_controlled')

export interface ComparableFilter {
  lat: number
  lng: number
  spaceType: string
  minSqFt: number
  maxSqFt: number
  climateControlled: boolean
  currency: string
  /** The asking host: their own listings are never compared with. */
  excludeHostId: string
  radiiKm: readonly number[]
}

export interface ComparablePrices {
  radiusKm: number
  compared: number
  low: number | null
  median: number | null
  high: number | null
}

/** For each radius (ascending), how many comparable listings lie within it and their 25th, 50th and 75th percentile prices. */
export async function comparablePrices(database: Database, f: ComparableFilter): Promise<ComparablePrices[]> {
  const far = Math.max(...f.radiiKm)
  const dLat = far / KM_PER_DEG_LAT
  const dLng = far / (KM_PER_DEG_LAT * Math.max(0.05, Math.cos((f.lat * Math.PI) / 180)))
  // Public (rounded) locations, as search uses: the box narrows on the geo index, the distance is exact.
  const text = `with comparable as (
  select s.price_cents,
    6371 * 2 * asin(sqrt(power(sin(radians(s.approx_lat - $1::float8) / 2), 2)
      + cos(radians($1::float8)) * cos(radians(s.approx_lat)) * power(sin(radians(s.approx_lng - $2::float8) / 2), 2))) as km
  from storages s
  where s.status = 'active' and s.host_id <> $3 and s.space_type = $4 and s.currency = $5
    and s.price_cents is not null
    and s.size_sqft between $6::float8 and $7::float8
    and ((s.feature_mask & ${CLIMATE_BIT}) <> 0) = $8::boolean
    and s.approx_lat between $9::float8 and $10::float8
    and s.approx_lng between $11::float8 and $12::float8
)
select r.km as "radiusKm", count(c.price_cents)::int as "compared",
  percentile_disc(0.25) within group (order by c.price_cents) as "low",
  percentile_disc(0.5) within group (order by c.price_cents) as "median",
  percentile_disc(0.75) within group (order by c.price_cents) as "high"
from unnest($13::float8[]) as r(km)
left join comparable c on c.km <= r.km
group by r.km
order by r.km`
  const params = [
    f.lat,
    f.lng,
    f.excludeHostId,
    f.spaceType,
    f.currency,
    f.minSqFt,
    f.maxSqFt,
    f.climateControlled,
    f.lat - dLat,
    f.lat + dLat,
    f.lng - dLng,
    f.lng + dLng,
    [...f.radiiKm],
  ]
  const rows = await database.query<ComparablePrices>(text, params)
  const num = (v: unknown) => (v == null ? null : Number(v))
  return rows.map((r) => ({ radiusKm: Number(r.radiusKm), compared: Number(r.compared), low: num(r.low), median: num(r.median), high: num(r.high) }))
}
