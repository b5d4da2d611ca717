// A "What fits?" list as it travels: the items' ids in catalog order, and the codec of URLs and bookings
// ("box_medium:20,bed_queen:1,sofa:1", "area:80"). Apart from the catalog (contract/fit.ts: labels, sizes,
// the estimate) because every page's startup parses the search params with it, and only the search
// page needs the rest.

/** The catalog's items, in its order (contract/fit.ts's FIT_ITEMS has one entry for each, in this order). */
export const FIT_ITEM_IDS = [
  'box_small',
  'box_medium',
  'box_large',
  'bed_twin',
  'bed_queen',
  'bed_king',
  'sofa',
  'armchair',
  'dining_table',
  'dresser',
  'fridge',
  'washer',
  'dryer',
  'bike',
  'motorcycle',
  'car_compact',
  'car_midsize',
  'car_suv',
  'car_pickup',
  'boat_14',
  'boat_18',
  'boat_22',
  'home_1br',
  'home_2br',
] as const
export type FitItemId = (typeof FIT_ITEM_IDS)[number]

export const FIT_MAX_QUANTITY = 999
export const FIT_MAX_AREA = 100_000
/** Entries in one list: every item once, and a typed area. */
export const FIT_MAX_ENTRIES = FIT_ITEM_IDS.length + 1

/** What the renter listed: item quantities, and floor area typed directly (sq ft, no aisle added). */
export interface FitList {
  items: Partial<Record<FitItemId, number>>
  areaSqft?: number
}

/** The list's items in catalog order, so that one list has one URL (and one cached search). */
export const entriesOf = (list: FitList) => FIT_ITEM_IDS.flatMap((id) => (list.items[id] ? [[id, list.items[id]] as const] : []))

/** "box_medium:20,bed_queen:1,sofa:1" or "area:80" (both may be combined). */
export function encodeFit(list: FitList): string {
  const parts = entriesOf(list).map(([id, n]) => `${id}:${n}`)
  if (list.areaSqft) parts.push(`area:${list.areaSqft}`)
  return parts.join(',')
}

/** Reads an encoded list; an error says what is wrong with it (the API's 400 message for `fit`). */
export function decodeFit(text: string): { list: FitList } | { error: string } {
  const entries = text.split(',').filter((e) => e.trim() !== '')
  if (entries.length === 0) return { error: 'must list at least one item' }
  if (entries.length > FIT_MAX_ENTRIES) return { error: `must list at most ${FIT_MAX_ENTRIES} entries` }
  const list: FitList = { items: {} }
  for (const entry of entries) {
    const [key = '', count = '', ...rest] = entry.trim().split(':')
    if (rest.length || !/^[1-9]\d*$/.test(count)) return { error: `needs a whole number of at least 1 after "${key}:"` }
    const n = Number(count)
    if (key === 'area') {
      if (list.areaSqft) return { error: 'lists area twice' }
      if (n > FIT_MAX_AREA) return { error: `area must be at most ${FIT_MAX_AREA} sq ft` }
      list.areaSqft = n
      continue
    }
    if (!(FIT_ITEM_IDS as readonly string[]).includes(key)) return { error: `contains an unknown item "${key.slice(0, 30)}"` }
    const id = key as FitItemId
    if (list.items[id]) return { error: `lists ${id} twice` }
    if (n > FIT_MAX_QUANTITY) return { error: `quantity of ${id} must be at most ${FIT_MAX_QUANTITY}` }
    list.items[id] = n
  }
  return { list }
}

/** An encoded list as stored (a booking's items) or linked, read leniently: null when missing or not a list. */
export function readFit(text: string | null | undefined): FitList | null {
  const decoded = text ? decodeFit(text) : null
  return decoded && 'list' in decoded ? decoded.list : null
}
