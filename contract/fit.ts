// "What fits?" (issue #44): the items a renter means to store, the space they need, and whether a listing
// holds it. Pure and zod-free: the search page parses `fit` from its URL in the startup bundle, and the
// server turns the same need into its search condition and each result's badge.
//
// The sizes are the usual dimensions of each thing (a queen mattress is 60 × 80 in, a medium moving box
// 18 × 18 × 16 in, a compact car about 15 × 6 ft). The whole-home presets follow the size guides that
// self-storage and moving companies publish (U-Haul's and Public Storage's "what fits" charts): a 10 × 10
// unit for a one-bedroom apartment, 10 × 15 for two bedrooms; their footprints below are those areas less
// the aisle allowance, so that with it they come back to 100 and 150 sq ft.

import { entriesOf, type FitItemId, type FitList } from './fit-list'

// The list itself (ids, the URL codec) is fit-list.ts: every page's startup reads search params with it.
export * from './fit-list'

export type FitGroup = 'Boxes' | 'Furniture' | 'Appliances' | 'Vehicles' | 'Whole home'

export interface FitItem {
  label: string
  /** "20 medium boxes": the plural, when it is not the label plus "s". */
  plural?: string
  group: FitGroup
  /** Floor footprint in square feet. */
  sqft: number
  /** Height in feet (for boxes: one box, which stack). */
  heightFt: number
  /** Needs a space a vehicle can be driven into (see needsDriveIn). */
  driveIn?: true
}

export const FIT_ITEMS = {
  box_small: { label: 'Small box', group: 'Boxes', sqft: 1.33, heightFt: 1 },
  box_medium: { label: 'Medium box', plural: 'Medium boxes', group: 'Boxes', sqft: 2.25, heightFt: 1.33 },
  box_large: { label: 'Large box', plural: 'Large boxes', group: 'Boxes', sqft: 2.25, heightFt: 2 },
  bed_twin: { label: 'Twin bed', group: 'Furniture', sqft: 20, heightFt: 2 },
  bed_queen: { label: 'Queen bed', group: 'Furniture', sqft: 33, heightFt: 2 },
  bed_king: { label: 'King bed', group: 'Furniture', sqft: 42, heightFt: 2 },
  sofa: { label: 'Sofa', group: 'Furniture', sqft: 21, heightFt: 3 },
  armchair: { label: 'Armchair', group: 'Furniture', sqft: 9, heightFt: 3.5 },
  dining_table: { label: 'Dining table', group: 'Furniture', sqft: 18, heightFt: 2.5 },
  dresser: { label: 'Dresser', group: 'Furniture', sqft: 8, heightFt: 4 },
  fridge: { label: 'Fridge', group: 'Appliances', sqft: 8, heightFt: 6 },
  washer: { label: 'Washer', group: 'Appliances', sqft: 6, heightFt: 3.5 },
  dryer: { label: 'Dryer', group: 'Appliances', sqft: 6, heightFt: 3.5 },
  bike: { label: 'Bike', group: 'Vehicles', sqft: 12, heightFt: 3.5 },
  motorcycle: { label: 'Motorcycle', group: 'Vehicles', sqft: 21, heightFt: 4, driveIn: true },
  car_compact: { label: 'Compact car', group: 'Vehicles', sqft: 90, heightFt: 5, driveIn: true },
  car_midsize: { label: 'Midsize car', group: 'Vehicles', sqft: 100, heightFt: 5, driveIn: true },
  car_suv: { label: 'SUV', group: 'Vehicles', sqft: 110, heightFt: 6, driveIn: true },
  car_pickup: { label: 'Pickup truck', group: 'Vehicles', sqft: 130, heightFt: 6.5, driveIn: true },
  // A boat on its trailer: its length plus about 4 ft of tongue, by an 8 ft trailer.
  boat_14: { label: 'Boat up to 14 ft', plural: 'Boats up to 14 ft', group: 'Vehicles', sqft: 144, heightFt: 6, driveIn: true },
  boat_18: { label: 'Boat up to 18 ft', plural: 'Boats up to 18 ft', group: 'Vehicles', sqft: 176, heightFt: 7, driveIn: true },
  boat_22: { label: 'Boat up to 22 ft', plural: 'Boats up to 22 ft', group: 'Vehicles', sqft: 208, heightFt: 8, driveIn: true },
  home_1br: { label: 'One-bedroom apartment', group: 'Whole home', sqft: 80, heightFt: 7 },
  home_2br: { label: 'Two-bedroom apartment', group: 'Whole home', sqft: 120, heightFt: 7 },
} as const satisfies Record<FitItemId, FitItem>
export const FIT_GROUPS: readonly FitGroup[] = ['Boxes', 'Furniture', 'Appliances', 'Vehicles', 'Whole home']

/** Boxes stack up to this height: what one person lifts to safely without a ladder. */
export const BOX_STACK_FT = 6
/** Added to the items' floor area for a way in to reach them (the guides' units count it in). */
export const AISLE_ALLOWANCE = 0.25
/** Less than this share to spare (of the area, or of a known height) is a tight fit. */
export const TIGHT_MARGIN = 0.15
/** The space a list needs. */
export interface FitNeed {
  /** Floor area in sq ft, the aisle included. */
  areaSqft: number
  /** Height in feet; 0 when only an area was typed (the height is then not known). */
  heightFt: number
  /** A vehicle or a boat: only a garage, a parking space or a listing with vehicle access holds it. */
  driveIn: boolean
}

/** Up to the next step, forgiving float noise (3 × 1.1 is 3.3000000000000003). */
const roundUp = (n: number, step: number) => (n > 0 ? Math.ceil(n / step - 1e-9) * step : 0)

/**
 * Floor area: each item's footprint, with boxes of one size stacked up to BOX_STACK_FT (a stack per
 * footprint), plus AISLE_ALLOWANCE of that for a way in; then any typed area as it is. Height: the
 * tallest item, or box stack. Area is rounded up to whole sq ft, height up to half a foot.
 */
export function estimateFit(list: FitList): FitNeed {
  let floor = 0
  let height = 0
  let driveIn = false
  for (const [id, n] of Object.entries(list.items) as [FitItemId, number][]) {
    const item: FitItem = FIT_ITEMS[id]
    if (item.group === 'Boxes') {
      const perStack = Math.max(1, Math.floor(BOX_STACK_FT / item.heightFt))
      floor += Math.ceil(n / perStack) * item.sqft
      height = Math.max(height, Math.min(n, perStack) * item.heightFt)
    } else {
      floor += n * item.sqft
      height = Math.max(height, item.heightFt)
    }
    if (item.driveIn) driveIn = true
  }
  const areaSqft = roundUp(floor * (1 + AISLE_ALLOWANCE), 1) + (list.areaSqft ?? 0)
  return { areaSqft, heightFt: roundUp(height, 0.5), driveIn }
}

/** The listing types a vehicle can be driven into without the vehicle_access feature. */
export const DRIVE_IN_TYPES = ['garage', 'parking'] as const

export interface FitListing {
  widthFt: number | null
  lengthFt: number | null
  /** Unknown (null): the area alone decides; a host who did not give it has not ruled out tall things. */
  heightFt: number | null
  spaceType: string
  features: readonly string[]
}

/** The listing's floor area as stored (size_sqft, which search filters on): w × l to the hundredth. */
export const listingArea = (l: { widthFt: number | null; lengthFt: number | null }) =>
  l.widthFt && l.lengthFt ? Math.round(l.widthFt * l.lengthFt * 100) / 100 : null

/**
 * 'fits', 'tight' (less than TIGHT_MARGIN to spare in area, or in height when it is known) or null (too
 * small, too low, or no drive-in access for a vehicle). The search's SQL condition is this rule's null
 * case (server/src/modules/listings/queries/storage-search.ts).
 */
export function fitOf(listing: FitListing, need: FitNeed): 'fits' | 'tight' | null {
  const area = listingArea(listing)
  if (area == null || area < need.areaSqft) return null
  if (listing.heightFt != null && listing.heightFt < need.heightFt) return null
  if (need.driveIn && !(DRIVE_IN_TYPES as readonly string[]).includes(listing.spaceType) && !listing.features.includes('vehicle_access')) return null
  const tight = area < need.areaSqft * (1 + TIGHT_MARGIN) || (listing.heightFt != null && listing.heightFt < need.heightFt * (1 + TIGHT_MARGIN))
  return tight ? 'tight' : 'fits'
}

const countOf = (id: FitItemId, n: number) => {
  const item: FitItem = FIT_ITEMS[id]
  const name = n === 1 ? item.label : (item.plural ?? `${item.label}s`)
  return `${n} ${name.charAt(0).toLowerCase()}${name.slice(1)}`
}

/** ["20 medium boxes", "1 queen bed", "1 sofa", "80 sq ft more"]: the move-in check's list to tick off. */
export function fitLines(list: FitList): string[] {
  const parts = entriesOf(list).map(([id, n]) => countOf(id, n))
  if (list.areaSqft) parts.push(`${list.areaSqft} sq ft${parts.length ? ' more' : ''}`)
  return parts
}

/** "20 medium boxes, 1 queen bed, 1 sofa, 80 sq ft more". */
export const describeFit = (list: FitList) => fitLines(list).join(', ')

/** "About 85 sq ft, 7 ft high" (no height when only an area was typed). */
export const describeNeed = (need: FitNeed) => `About ${need.areaSqft} sq ft${need.heightFt ? `, ${need.heightFt} ft high` : ''}`
