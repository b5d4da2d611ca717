// The listing editor's suggested monthly range (GET /storages/price-suggestion): what comparable published
// listings nearby ask, and the one rule that says when a typed price is far outside it (the editor warns,
// never blocks). Amounts are integers in minor units (contract/money.ts).
import { z } from './zod'
import { SPACE_TYPES } from './storage-constants'

/** Fewer comparable listings than this and there is no range, only "too few to compare". */
export const MIN_COMPARABLES = 3
/** The radii tried in turn (km); the answer uses the first with MIN_COMPARABLES listings. */
export const COMPARABLE_RADII_KM = [5, 10, 25] as const
/** The size band: from area ÷ 1.5 to area × 1.5. */
export const SIZE_BAND_FACTOR = 1.5

const coord = (name: string, max: number) =>
  z.coerce
    .number({ message: 'must be a number' })
    .refine(Number.isFinite, 'must be a number')
    .refine((n) => Math.abs(n) <= max, `must be a ${name} between -${max} and ${max}`)

export const PriceSuggestionQuerySchema = z.object({
  lat: coord('latitude', 90),
  lng: coord('longitude', 180),
  spaceType: z.enum(SPACE_TYPES, { message: `must be one of ${SPACE_TYPES.join(', ')}` }),
  areaSqFt: z.coerce.number({ message: 'must be a number' }).positive('must be greater than 0').max(250_000, 'must be at most 250000'),
  /** Climate control moves storage prices most, so comparables match this listing on it. */
  climateControlled: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .transform((v) => v === 'true')
    .default(false),
  currency: z.enum(['CAD', 'USD'], { message: 'must be CAD or USD' }).default('CAD'),
})
export type PriceSuggestionQuery = z.input<typeof PriceSuggestionQuerySchema>

export const PriceSuggestionSchema = z.object({
  /** How many comparable listings the range comes from (at the radius below). */
  compared: z.number().int(),
  radiusKm: z.number(),
  /** The nearest known neighbourhood or city ("Leslieville"), or null far from any. */
  near: z.string().nullable(),
  spaceType: z.enum(SPACE_TYPES),
  minSqFt: z.number(),
  maxSqFt: z.number(),
  climateControlled: z.boolean(),
  currency: z.string(),
  /** The 25th and 75th percentiles and the median of their monthly prices; null with too few to compare. */
  range: z.object({ low: z.number().int(), median: z.number().int(), high: z.number().int() }).nullable(),
})
export type PriceSuggestion = z.infer<typeof PriceSuggestionSchema>

/**
 * 'low' when the price is under half the range's low end, 'high' when over 1.5 × its high end, else null.
 * Integer arithmetic only: price × 2 < low, price × 2 > high × 3.
 */
export function priceOutsideRange(priceMinor: number | null, range: PriceSuggestion['range']): 'low' | 'high' | null {
  if (priceMinor == null || !range) return null
  if (priceMinor * 2 < range.low) return 'low'
  if (priceMinor * 2 > range.high * 3) return 'high'
  return null
}
