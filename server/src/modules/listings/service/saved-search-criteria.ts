// A saved search's criteria: the kept query string parsed by GET /storages's own schema, put in canonical
// form, normalised into the columns the alert matcher reads (the same values storage-search.ts puts in
// its statement), named and summarised for the renter.
import { canonicalSearchQuery, SAVED_SEARCH_KEYS, SavedSearchCriteriaSchema } from '@contract/saved-search'
import { FEATURE_LABELS, SETTING_LABELS, SETTINGS, SPACE_TYPES, SPACE_TYPE_LABELS, type Feature } from '@contract/storage-constants'
import { describeFit, estimateFit } from '@contract/fit'
import { encodeFit } from '@contract/fit-list'
import { formatPrice } from '@contract/money'
import type { z } from 'zod'
import { boxAround, featureMask } from '../queries/storage-search'
import type { NewSavedSearchRow } from '../../../db/schema/saved-searches'
import { badRequest } from '../../../errors'
import { searchWords } from './storages'

export type SavedSearchCriteria = z.output<typeof SavedSearchCriteriaSchema>

/** The canonical query (contract's canonicalSearchQuery; the fit list re-encoded) and its parsed criteria; a 400 names `query.<key>`. */
export function parseSavedQuery(query: string): { query: string; criteria: SavedSearchCriteria } {
  const given = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query)
  const kept: [string, string][] = []
  for (const key of SAVED_SEARCH_KEYS) {
    const value = given.get(key)?.trim()
    if (value) kept.push([key, value])
  }
  const parsed = SavedSearchCriteriaSchema.safeParse(Object.fromEntries(kept))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const key = String(issue.path[0] ?? 'query')
    throw badRequest(`query.${key} ${issue.message}`, `query.${key}`)
  }
  const criteria = parsed.data
  if (!hasPlaceOrFilter(criteria)) throw badRequest('A saved search needs a place or at least one filter.', 'query')
  return { query: canonicalSearchQuery({ ...Object.fromEntries(kept), fit: criteria.fit ? encodeFit(criteria.fit) : undefined }), criteria }
}

function hasPlaceOrFilter(c: SavedSearchCriteria): boolean {
  return Boolean(
    searchWords(c.q).length ||
    c.near ||
    c.type?.length ||
    c.minPrice != null ||
    c.maxPrice != null ||
    c.minSize != null ||
    c.features?.length ||
    c.setting?.length ||
    c.vehicleLength != null ||
    c.noMinimum ||
    c.instantBook ||
    c.fit,
  )
}

const maskOf = (values: readonly string[] | undefined, all: readonly string[]) =>
  (values ?? []).reduce((mask, v) => mask | (all.indexOf(v) >= 0 ? 1 << all.indexOf(v) : 0), 0)

/** The matcher's columns: every condition storage-search.ts `conditions` applies, as values to compare a listing with. */
export function normalisedColumns(c: SavedSearchCriteria): Partial<NewSavedSearchRow> {
  const need = c.fit ? estimateFit(c.fit) : null
  const words = searchWords(c.q)
  const box = c.near ? boxAround(c.near[0]!, c.near[1]!, c.radiusKm) : null
  return {
    typeMask: maskOf(c.type, SPACE_TYPES),
    minPriceCents: c.minPrice ?? null,
    maxPriceCents: c.maxPrice ?? null,
    minSizeSqft: c.minSize ?? null,
    featureMask: c.features?.length ? featureMask(c.features)! : 0,
    settingMask: maskOf(c.setting, SETTINGS),
    vehicleLengthFt: c.vehicleLength ?? null,
    noMinimum: Boolean(c.noMinimum),
    instantBook: Boolean(c.instantBook),
    fitAreaSqft: need ? need.areaSqft : null,
    fitHeightFt: need?.heightFt ? need.heightFt : null,
    fitDriveIn: Boolean(need?.driveIn),
    nearLat: c.near ? c.near[0]! : null,
    nearLng: c.near ? c.near[1]! : null,
    radiusKm: c.near ? c.radiusKm : null,
    boxSouth: box?.south ?? null,
    boxNorth: box?.north ?? null,
    boxWest: box?.west ?? null,
    boxEast: box?.east ?? null,
    qWords: words.length ? words : null,
  }
}

const dollars = (cents: number) => formatPrice(cents)
const plural = (label: string) => (/s$/.test(label) ? label : label.startsWith('Parking') ? 'Parking spaces' : `${label}s`)

/** "Garages · Toronto · up to $200/mo · 100+ sq ft · Locked · fits 1 sofa, 20 medium boxes · within 10 km". */
export function summarise(c: SavedSearchCriteria, placeLabel: string | null): string {
  const parts: string[] = []
  parts.push(c.type?.length ? c.type.map((t) => plural(SPACE_TYPE_LABELS[t])).join(' or ') : 'Storage')
  const place = placeLabel?.trim() || c.q?.trim()
  if (place) parts.push(place)
  if (c.minPrice != null && c.maxPrice != null) parts.push(`${dollars(c.minPrice)}–${dollars(c.maxPrice)}/mo`)
  else if (c.maxPrice != null) parts.push(`up to ${dollars(c.maxPrice)}/mo`)
  else if (c.minPrice != null) parts.push(`from ${dollars(c.minPrice)}/mo`)
  if (c.minSize != null) parts.push(`${c.minSize}+ sq ft`)
  if (c.setting?.length)
    parts.push(
      SETTINGS.filter((s) => c.setting!.includes(s))
        .map((s) => SETTING_LABELS[s])
        .join(' or '),
    )
  if (c.features?.length) parts.push(c.features.map((f) => FEATURE_LABELS[f as Feature]).join(', '))
  if (c.vehicleLength != null) parts.push(`vehicles up to ${c.vehicleLength} ft`)
  if (c.noMinimum) parts.push('no minimum stay')
  if (c.instantBook) parts.push('Instant book')
  if (c.fit) parts.push(`fits ${describeFit(c.fit)}`)
  if (c.near) parts.push(`within ${c.radiusKm} km`)
  return parts.join(' · ')
}

/** Without a name from the renter: the kind of space and the place ("Garages in Toronto"). */
export function defaultName(c: SavedSearchCriteria, placeLabel: string | null): string {
  const what = c.type?.length ? c.type.map((t) => plural(SPACE_TYPE_LABELS[t])).join(' or ') : 'Storage'
  const place = placeLabel?.trim() || c.q?.trim()
  return (place ? `${what} in ${place}` : what).slice(0, 80)
}
