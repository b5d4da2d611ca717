// The /storages and /map search params: typed, forgiving (bad values fall back), shareable. Prices in
// the URL are whole dollars; the API takes cents.
import { csvOf, flag, oneOf, text, wholeNumber } from '../../lib/search-params'
import { FEATURES, SETTINGS, SORTS, SPACE_TYPES, VEHICLE_MAX_LENGTH_FT, type StorageSort } from '@contract/storage-constants'
import type { StorageSearchQuery } from '@contract/storage'
import { encodeFit, readFit } from '@contract/fit-list'

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
  /** What the renter means to store, "sofa:1,box_medium:20" (contract/fit.ts): only spaces it fits in. */
  fit?: string
  sort?: StorageSort
  /** What the landing page once sent instead of q: read into q and dropped from the URL. */
  location?: undefined
}

/** The routes' validateSearch: bad values become undefined (never an error page); every key is returned. */
export function parseStorageFilters(raw: Record<string, unknown>): StorageFilters {
  const fit = fitParam(raw.fit)
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
    fit,
    // "Best fit" means nothing without a list of things.
    sort: fit ? oneOf(raw.sort, SORTS) : oneOf(raw.sort, SORTS_WITHOUT_FIT),
    location: undefined,
  }
}

const SORTS_WITHOUT_FIT = SORTS.filter((s) => s !== 'fit')

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
  if (f.fit) out.fit = f.fit
  if (f.sort) out.sort = f.sort
  if (extra.bbox) out.bbox = extra.bbox
  if (extra.near) out.near = extra.near
  if (extra.radiusKm) out.radiusKm = extra.radiusKm
  return out
}

export const activeFilterCount = (f: StorageFilters) =>
  [f.type, f.minPrice, f.maxPrice, f.minSize, f.features, f.setting, f.vehicleLength, f.noMinimum].filter((v) => v !== undefined && v !== '').length

/** A GET /storages query string (a saved search's) as this page's filters: cents back to whole dollars. */
export function filtersFromApiQuery(query: string, _placeLabel?: string | null): StorageFilters {
  const p = new URLSearchParams(query)
  const raw: Record<string, unknown> = Object.fromEntries(p)
  for (const k of ['minPrice', 'maxPrice'] as const) if (p.has(k)) raw[k] = String(Math.round(Number(p.get(k)) / 100))
  return cleanFilters(parseStorageFilters(raw))
}
