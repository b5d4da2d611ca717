// The listing's fixed vocabularies, limits and formatters, without zod: the startup bundle and the
// search page (route search params, labels, prices) need these, not the schemas. contract/storage.ts re-exports them.
import { groupDigits } from './format-number'

export const STORAGE_PAGE_SIZE = 8
export const STORAGE_MAX_LIMIT = 50
export const STORAGE_MAX_PHOTOS = 10
/** Search totals are counted exactly up to this; beyond it X-Total-Count is cap + 1 and X-Total-Count-Exact is false. */
export const STORAGE_TOTAL_CAP = 1000
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024

export const SPACE_TYPES = ['garage', 'basement', 'closet', 'attic', 'shed', 'spare_room', 'parking', 'other'] as const
export type SpaceType = (typeof SPACE_TYPES)[number]
export const SPACE_TYPE_LABELS: Record<SpaceType, string> = {
  garage: 'Garage',
  basement: 'Basement',
  closet: 'Closet',
  attic: 'Attic',
  shed: 'Shed',
  spare_room: 'Spare room',
  parking: 'Parking or driveway',
  other: 'Other',
}

export const FEATURES = [
  'climate_controlled',
  'indoor',
  'private_entrance',
  'locked',
  'security_camera',
  'smoke_detector',
  'ground_level',
  'vehicle_access',
  'access_24_7',
  'pet_free',
  'smoke_free',
  'drive_up',
] as const
export type Feature = (typeof FEATURES)[number]
export const FEATURE_LABELS: Record<Feature, string> = {
  climate_controlled: 'Climate controlled',
  indoor: 'Indoor',
  private_entrance: 'Private entrance',
  locked: 'Locked area',
  security_camera: 'Security camera',
  smoke_detector: 'Smoke detector',
  ground_level: 'Ground level',
  vehicle_access: 'Vehicle access',
  access_24_7: '24/7 access',
  pet_free: 'Pet-free home',
  smoke_free: 'Smoke-free',
  drive_up: 'Drive-up access',
}

/** Where the space is. A listing saved before this was asked has none (null). */
export const SETTINGS = ['indoor', 'covered', 'outdoor'] as const
export type Setting = (typeof SETTINGS)[number]
export const SETTING_LABELS: Record<Setting, string> = { indoor: 'Indoor', covered: 'Covered', outdoor: 'Outdoor' }
/** The longest vehicle a host may say the space holds, in feet. */
export const VEHICLE_MAX_LENGTH_FT = 100

export const ACCESS_METHODS = ['key', 'code', 'smart_lock', 'in_person'] as const
export const ACCESS_METHOD_LABELS: Record<(typeof ACCESS_METHODS)[number], string> = {
  key: 'Key handover',
  code: 'Door code',
  smart_lock: 'Smart lock',
  in_person: 'Host lets you in',
}

export const STORAGE_STATUSES = ['draft', 'active', 'paused', 'removed'] as const
export type StorageStatus = (typeof STORAGE_STATUSES)[number]
/** `fit`: the smallest space a renter's items fit in first (without a fit list, recommended). */
export const SORTS = ['recommended', 'price', 'size', 'distance', 'newest', 'rating', 'fit'] as const
export type StorageSort = (typeof SORTS)[number]

/** "234 spaces", or "1,000+ spaces" when the total was capped. */
export const formatTotal = (total: number) =>
  total > STORAGE_TOTAL_CAP ? `${groupDigits(STORAGE_TOTAL_CAP)}+ spaces` : total === 1 ? '1 space' : `${groupDigits(total)} spaces`

/** Suggested monthly price from size, the same rule as the host estimator (spec 9): width × $5 + length × $5. */
export function suggestedPriceCents(widthFt?: number | null, lengthFt?: number | null): number | null {
  if (!widthFt || !lengthFt || widthFt <= 0 || lengthFt <= 0) return null
  return Math.round((widthFt * 5 + lengthFt * 5) * 100)
}

/** The listing's minimum stay as the sticky bar and the booking card both say it: "Minimum stay 30 days" or "No minimum stay". */
export const minimumStayLabel = (days: number) => (days > 1 ? `Minimum stay ${days} days` : 'No minimum stay')
/** The same, short, for a search result card: "Min. 30 days" or "No minimum". */
export const minimumStayShort = (days: number) => (days > 1 ? `Min. ${days} days` : 'No minimum')

/** The most bookings one listing may hold at once (a host with more units lists them apart). */
export const MAX_CAPACITY = 50
