// The /storages and /map search params: typed, forgiving (bad values fall back), shareable. Prices in
// the URL are whole dollars; the API takes cents.
import { z } from 'zod'
import { FEATURES, SORTS, SPACE_TYPES, type StorageSearchQuery } from '../../schemas/storage'

const csvOf = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .transform((s) => s.split(',').filter((v): v is T => (values as readonly string[]).includes(v)).join(','))
    .optional()
    .catch(undefined)

const dollars = z.coerce.number().int().min(0).max(10_000).optional().catch(undefined)

export const StorageFiltersSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  type: csvOf(SPACE_TYPES),
  minPrice: dollars,
  maxPrice: dollars,
  minSize: z.coerce.number().int().min(0).max(100_000).optional().catch(undefined),
  features: csvOf(FEATURES),
  sort: z.enum(SORTS).optional().catch(undefined),
})
export type StorageFilters = z.infer<typeof StorageFiltersSchema>

/** Drops empty values so URLs stay short and query keys stable. */
export function cleanFilters(f: StorageFilters): StorageFilters {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(f)) if (v !== undefined && v !== '' && v !== null) out[k] = v
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
  if (f.sort) out.sort = f.sort
  if (extra.bbox) out.bbox = extra.bbox
  if (extra.near) out.near = extra.near
  if (extra.radiusKm) out.radiusKm = extra.radiusKm
  return out
}

export const activeFilterCount = (f: StorageFilters) =>
  [f.type, f.minPrice, f.maxPrice, f.minSize, f.features].filter((v) => v !== undefined && v !== '').length
