// The /storages and /map search params: typed, forgiving (bad values fall back), shareable. Prices in
// the URL are whole dollars; the API takes cents.
import { csvOf, flag, oneOf, text, wholeNumber } from '../../lib/search-params'
import { FEATURES, SETTINGS, SORTS, SPACE_TYPES, VEHICLE_MAX_LENGTH_FT, type StorageSort } from '@contract/storage-constants'
import type { StorageSearchQuery } from '@contract/storage'
import { encodeFit, readFit } from '@contract/fit-list'
import { searchPagePath } from '@contract/saved-search-query'
import { dayNumber, dayOf, isCalendarDay, latestEndDate, latestStartDate } from '@contract/booking-dates'
import { formatDay } from '@contract/format-date'

export interface StorageFilters {
  q?: string
  /** Comma-separated space types. */
  type?: string
  /** Whole dollars a month. */
  minPrice?: number
  maxPrice?: number
  /** Square feet. */
  minSize?: number
  /** Comma-separated features. */
  features?: string
  /** Comma-separated settings (indoor, covered, outdoor): any of them. */
  setting?: string
  /** Whole feet: only spaces that hold a vehicle at least this long. */
  vehicleLength?: number
  /** Only listings bookable for a single day (no minimum stay). */
  noMinimum?: true
  /** Only listings with Instant Book on. */
  instantBook?: true
  /** What the renter means to store, "sofa:1,box_medium:20" (contract/fit.ts): only spaces it fits in. */
  fit?: string
  /** "lat,lng" (4 decimals, about 10 m): the point a distance filter is measured from. */
  near?: string
  /** The place `near` was found as (GET /places: "Bloor St W, The Annex, Toronto"), or a saved search's label: the chip's words. */
  place?: string
  /** Whole km from `near`, one of RADII_KM; read as DEFAULT_RADIUS_KM when near is set without it. */
  radius?: number
  sort?: StorageSort
  /** The stay's first day (YYYY-MM-DD): only spaces free for the whole stay. */
  from?: string
  /** Its last day (both included); without it, each listing's minimum stay from `from`. */
  to?: string
  /** What the landing page once sent instead of q: read into q and dropped from the URL. */
  location?: undefined
}

/** The routes' validateSearch: bad values become undefined (never an error page); every key is returned. */
export function parseStorageFilters(raw: Record<string, unknown>, today = localToday()): StorageFilters {
  const fit = fitParam(raw.fit)
  const near = nearParam(raw.near)
  const stay = stayParams(raw.from, raw.to, today)
  return {
    // `location` is what the landing page once sent: links shared from then still search that place.
    q: text(raw.q ?? raw.location, { max: 100, trim: true }),
    type: csvOf(raw.type, SPACE_TYPES),
    minPrice: wholeNumber(raw.minPrice, 0, 10_000),
    maxPrice: wholeNumber(raw.maxPrice, 0, 10_000),
    minSize: wholeNumber(raw.minSize, 0, 100_000),
    features: csvOf(raw.features, FEATURES),
    setting: csvOf(raw.setting, SETTINGS),
    vehicleLength: wholeNumber(raw.vehicleLength, 1, VEHICLE_MAX_LENGTH_FT),
    noMinimum: flag(raw.noMinimum),
    instantBook: flag(raw.instantBook),
    fit,
    near,
    place: near ? text(raw.place, { max: PLACE_LABEL_MAX, trim: true }) || undefined : undefined,
    radius: near ? radiusParam(raw.radius) : undefined,
    // "Best fit" means nothing without a list of things, nor "Nearest" without a place.
    sort: oneOf(
      raw.sort,
      SORTS.filter((s) => (s !== 'fit' || fit) && (s !== 'distance' || near)),
    ),
    from: stay.from,
    to: stay.to,
    location: undefined,
  }
}

/** Today on this device (YYYY-MM-DD): the first day a stay may start, as the booking panel offers it. */
export const localToday = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10)

/**
 * A stay as the URL keeps it, within the booking form's bounds (contract/booking-dates.ts): a first day
 * that is past, too far ahead or not a day drops both (an old link then searches without dates); a last
 * day before the first or too far after it is dropped alone.
 */
export function stayParams(fromRaw: unknown, toRaw: unknown, today: string): { from?: string; to?: string } {
  const day = (v: unknown) => (typeof v === 'string' && isCalendarDay(v) ? v : undefined)
  const from = day(fromRaw)
  if (!from || dayNumber(from) < dayNumber(today) || dayNumber(from) > dayNumber(latestStartDate(today))) return {}
  const to = day(toRaw)
  return { from, to: to && dayNumber(to) >= dayNumber(from) && dayNumber(to) <= dayNumber(latestEndDate(from)) ? to : undefined }
}

/** The distances a renter can choose, in km. */
export const RADII_KM = [1, 2, 5, 10, 25, 50] as const
export const DEFAULT_RADIUS_KM = 10
export const PLACE_LABEL_MAX = 120

/** A point as the URL keeps it, "43.6703,-79.4072", or undefined if it is not a point on Earth. */
export function nearParam(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined
  const m = /^\s*(-?\d{1,3}(?:\.\d+)?)\s*,\s*(-?\d{1,3}(?:\.\d+)?)\s*$/.exec(value)
  if (!m) return undefined
  const [lat, lng] = [Number(m[1]), Number(m[2])]
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return undefined
  return `${fourDecimals(lat)},${fourDecimals(lng)}`
}
const fourDecimals = (n: number) => String(Math.round(n * 10_000) / 10_000 || 0)

/** One of RADII_KM (as a number or numeric string), else the default. */
export function radiusParam(value: unknown): number {
  const n = wholeNumber(value, 1, 500)
  return n !== undefined && (RADII_KM as readonly number[]).includes(n) ? n : DEFAULT_RADIUS_KM
}

/** A fit list as the API reads it (catalog order, canonical numbers), or undefined if it is not one. */
export function fitParam(value: unknown): string | undefined {
  const list = typeof value === 'string' && value.length <= 1000 ? readFit(value) : null
  return list ? encodeFit(list) : undefined
}

/** Drops empty values so URLs stay short and query keys stable. */
export function cleanFilters(f: StorageFilters): StorageFilters {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '' && v !== null) out[k] = v
  if (!f.fit && f.sort === 'fit') delete out.sort
  if (!f.from) delete out.to
  if (!f.near) {
    delete out.place
    delete out.radius
    if (f.sort === 'distance') delete out.sort
  }
  return out as StorageFilters
}

export type ApiSearch = Partial<Record<keyof StorageSearchQuery, string | number>>

export function toApiSearch(f: StorageFilters, extra: { bbox?: string; near?: string; radiusKm?: number } = {}): ApiSearch {
  const out: ApiSearch = {}
  if (f.q) out.q = f.q
  if (f.type) out.type = f.type
  if (f.minPrice != null) out.minPrice = f.minPrice * 100
  if (f.maxPrice != null) out.maxPrice = f.maxPrice * 100
  if (f.minSize != null) out.minSize = f.minSize
  if (f.features) out.features = f.features
  if (f.setting) out.setting = f.setting
  if (f.vehicleLength != null) out.vehicleLength = f.vehicleLength
  if (f.noMinimum) out.noMinimum = 'true'
  if (f.instantBook) out.instantBook = 'true'
  if (f.fit) out.fit = f.fit
  if (f.from) {
    // The API counts days from UTC's today: on this device's today, in an evening west of UTC, UTC is a day
    // ahead and would refuse it as past, so the stay starts on UTC's today then.
    const utcToday = dayOf(new Date())
    out.from = dayNumber(f.from) < dayNumber(utcToday) ? utcToday : f.from
    if (f.to) out.to = dayNumber(f.to) < dayNumber(out.from) ? out.from : f.to
  }
  if (f.sort) out.sort = f.sort
  if (extra.bbox) out.bbox = extra.bbox
  // A place in the URL is what the renter asked for: it wins over the map's or the device's position.
  if (f.near) {
    out.near = f.near
    out.radiusKm = f.radius ?? DEFAULT_RADIUS_KM
  } else {
    if (extra.near) out.near = extra.near
    if (extra.radiusKm) out.radiusKm = extra.radiusKm
  }
  return out
}

/**
 * The inverse of toApiSearch for a kept GET /storages query string (a saved search, contract/saved-search.ts):
 * the search page's own words by contract's searchPagePath (the alerts' links use it too), radius snapped to
 * the nearest offered one. Read through parseStorageFilters, so a bad kept value is dropped as a bad link's
 * would be.
 */
export function filtersFromApiQuery(query: string, placeLabel?: string | null): StorageFilters {
  const raw: Record<string, unknown> = Object.fromEntries(new URLSearchParams(searchPagePath(query, placeLabel).split('?')[1] ?? ''))
  const km = Number(raw.radius)
  if (raw.radius !== undefined)
    raw.radius = Number.isFinite(km) && km > 0 ? RADII_KM.reduce((a, b) => (Math.abs(b - km) < Math.abs(a - km) ? b : a)) : undefined
  return cleanFilters(parseStorageFilters(raw))
}

export const activeFilterCount = (f: StorageFilters) =>
  [f.type, f.minPrice, f.maxPrice, f.minSize, f.features, f.setting, f.vehicleLength, f.noMinimum, f.instantBook, f.near, f.from].filter(
    (v) => v !== undefined && v !== '',
  ).length

/** The distance chip's words: "Within 5 km of Bloor St W" (the place's first part, or "the chosen point"). */
export function describeDistance(f: StorageFilters): string | undefined {
  if (!f.near) return undefined
  // "123 Queen St W, Toronto" reads as "Queen St W": the street, not the door.
  const where =
    f.place
      ?.split(',')[0]
      ?.replace(/^\d+[a-z]?\s+/i, '')
      .trim() || 'the chosen point'
  return `Within ${f.radius ?? DEFAULT_RADIUS_KM} km of ${where}`
}

/** The dates chip's words: "Dec 5 – Jan 5", or "From Dec 5" (each listing's minimum stay from that day). */
export function describeStay(f: Pick<StorageFilters, 'from' | 'to'>): string | undefined {
  if (!f.from) return undefined
  const day = (d: string) => formatDay(d, { year: false })
  return f.to ? (f.to === f.from ? day(f.from) : `${day(f.from)} – ${day(f.to)}`) : `From ${day(f.from)}`
}

/** A map view with the whole radius around `near` in view (a zoom level per radius), or undefined. */
export function mapViewAround(f: StorageFilters): { center: [number, number]; zoom: number } | undefined {
  if (!f.near) return undefined
  const [lat, lng] = f.near.split(',').map(Number) as [number, number]
  return { center: [lat, lng], zoom: Math.round(14 - Math.log2(f.radius ?? DEFAULT_RADIUS_KM)) }
}
