// A saved search's query without zod: the keys it keeps, its one spelling, the search page that shows it and
// the one-tap unsubscribe page. The search page's startup bundle imports this; the schemas are in saved-search.ts.

/**
 * The GET /storages parameters a saved search keeps; paging, sort and the map's box are not part of it, nor
 * the stay's dates (`from`, `to`): a search is kept to be told of new spaces over weeks, by which time the
 * days asked for are past or other (and an alert on a listing's publishing cannot know its later bookings).
 */
export const SAVED_SEARCH_KEYS = [
  'q',
  'type',
  'minPrice',
  'maxPrice',
  'minSize',
  'features',
  'setting',
  'vehicleLength',
  'noMinimum',
  'instantBook',
  'fit',
  'near',
  'radiusKm',
] as const
export type SavedSearchKey = (typeof SAVED_SEARCH_KEYS)[number]

export const SAVED_SEARCH_MAX = 20
export const SAVED_SEARCH_NAME_MAX = 80

/** The app's page for the one-tap link (alert emails and the push notification's "Stop these alerts"). */
export const savedSearchUnsubscribePath = (id: string, token: string) => `/unsubscribe?search=${encodeURIComponent(id)}&t=${encodeURIComponent(token)}`

const LIST_KEYS: ReadonlySet<string> = new Set(['type', 'features', 'setting'])

/**
 * The one spelling of a saved search's query (both sides compare with it: "this search is saved"): only
 * SAVED_SEARCH_KEYS with a value, lists sorted, keys in SAVED_SEARCH_KEYS order, radiusKm only with near.
 */
export function canonicalSearchQuery(params: Partial<Record<string, string | number | boolean | null | undefined>>): string {
  const out = new URLSearchParams()
  for (const key of SAVED_SEARCH_KEYS) {
    const raw = params[key]
    if (raw === undefined || raw === null || raw === '' || raw === false) continue
    if (key === 'radiusKm' && !params.near) continue
    let value = String(raw).trim()
    if (LIST_KEYS.has(key))
      value = value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
        .sort()
        .join(',')
    if (value) out.set(key, value)
  }
  return out.toString()
}

/**
 * The search page (/storages) showing a saved search: its URL speaks whole dollars and `radius` where the API
 * speaks cents and `radiusKm`, and carries the place's words. Alerts link here; the app opens saved searches so.
 */
export function searchPagePath(query: string, placeLabel?: string | null): string {
  const api = new URLSearchParams(query)
  const out = new URLSearchParams()
  for (const [key, value] of api) {
    if (key === 'minPrice' || key === 'maxPrice') out.set(key, String(Math.round(Number(value) / 100)))
    else if (key === 'radiusKm') out.set('radius', value)
    else out.set(key, value)
  }
  if (api.has('near') && placeLabel) out.set('place', placeLabel)
  const text = out.toString()
  return text ? `/storages?${text}` : '/storages'
}
