// GET /storages: active listings filtered by text, type, price, size, features, setting, vehicle length, minimum
// stay, what fits, free dates, a box or a radius, and sorted. Every filter has a partial index (status = 'active'), but setting
// and vehicle length (rare filters, tested on the rows the other filters' index finds); geography uses the rounded
// coordinates.
//
// This is the hottest call in the app, so it is one hand-written statement per search: the page of
// listings with each one's host and first photo, and the capped total, in a single round trip. (Through
// Drizzle it was three statements, and building them cost more CPU than PostgreSQL spent running them.)
// The statement text depends only on which filters are present, so PostgreSQL sees few distinct shapes.
import { getTableColumns } from 'drizzle-orm'
import { STORAGE_TOTAL_CAP, type StorageSearchQuery } from '@contract/storage'
import { FEATURES } from '@contract/storage-constants'
import { DRIVE_IN_TYPES, estimateFit } from '@contract/fit'
import { BOOKING_GROUPS, HOLDING_STATES } from '@contract/booking-process'
import type { Database } from '../../../db/client'
import { storages, type StorageRow } from '../../../db/schema/storages'
import type { PhotoMeta } from './storage-photos'
import type { HostSummary } from './storages'

const KM_PER_DEG_LAT = 111.2
/** Totals above the cap are reported as cap + 1 ("more than 1,000"). */
const TOTAL_CAP = STORAGE_TOTAL_CAP

/** Every listing column, selected under its Drizzle name, so a result row is a StorageRow as it is. */
const STORAGE_COLUMNS = Object.entries(getTableColumns(storages))
  .map(([key, column]) => `s."${column.name}" as "${key}"`)
  .join(', ')

/** Collects parameter values and hands out their $n placeholders. */
class Params {
  readonly values: unknown[] = []
  add(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

/** Great-circle distance in km from a point to the listing's approximate location. */
function distanceSql(lat: string, lng: string) {
  return `(6371 * 2 * asin(sqrt(power(sin(radians(s.approx_lat - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(s.approx_lat)) * power(sin(radians(s.approx_lng - ${lng}) / 2), 2))))`
}

export function boxAround(lat: number, lng: number, km: number) {
  const dLat = km / KM_PER_DEG_LAT
  const dLng = km / (KM_PER_DEG_LAT * Math.max(0.05, Math.cos((lat * Math.PI) / 180)))
  return { south: lat - dLat, north: lat + dLat, west: lng - dLng, east: lng + dLng }
}

/** A code constant (a booking state) as an SQL string literal. */
const literal = (s: string) => `'${s.replace(/'/g, "''")}'`

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/** The features as feature_mask bits (bit i for FEATURES[i]); null if one is not a known feature. */
export function featureMask(features: readonly string[]): number | null {
  let mask = 0
  for (const f of features) {
    const bit = (FEATURES as readonly string[]).indexOf(f)
    if (bit < 0) return null
    mask |= 1 << bit
  }
  return mask
}

/** The search words: accent-free, lower case, split on spaces. Every word must appear (substring). */

function conditions(q: StorageSearchQuery, words: string[], p: Params): string {
  const where = [`s.status = 'active'`]
  // Each word is a substring match on the GIN trigram index; several words AND their bitmaps. LIKE, not
  // ILIKE: search_text and the words are both lower-cased already, and LIKE is the cheaper test.
  for (const word of words) where.push(`s.search_text like ${p.add(`%${escapeLike(word)}%`)}`)
  if (q.type?.length) where.push(`s.space_type = any(${p.add(q.type)}::text[])`)
  if (q.minPrice != null) where.push(`s.price_cents >= ${p.add(q.minPrice)}::int`)
  if (q.maxPrice != null) where.push(`s.price_cents <= ${p.add(q.maxPrice)}::int`)
  if (q.minSize != null) where.push(`s.size_sqft >= ${p.add(q.minSize)}::float8`)
  if (q.noMinimum) where.push(`s.minimum_days <= 1`)
  if (q.instantBook) where.push(`s.instant_book`)
  if (q.setting?.length) where.push(`s.setting = any(${p.add(q.setting)}::text[])`)
  if (q.vehicleLength != null) where.push(`s.vehicle_max_length_ft >= ${p.add(q.vehicleLength)}::float8`)
  if (q.features?.length) {
    // Every feature asked for: bits of feature_mask, which the search indexes carry (see the schema).
    const mask = featureMask(q.features)
    if (mask == null) where.push(`s.features @> ${p.add(q.features)}::text[]`)
    else {
      const m = p.add(mask)
      where.push(`(s.feature_mask & ${m}::int) = ${m}::int`)
    }
  }
  if (q.fit) {
    // The listings the renter's items fit in: contract/fit.ts fitOf's rule, on the columns, so that the
    // total and the pages count only those (an unknown height leaves the area to decide).
    const need = estimateFit(q.fit)
    where.push(`s.size_sqft >= ${p.add(need.areaSqft)}::float8`)
    if (need.heightFt) where.push(`(s.height_ft is null or s.height_ft >= ${p.add(need.heightFt)}::float8)`)
    if (need.driveIn) {
      const vehicleAccess = p.add(featureMask(['vehicle_access']))
      where.push(`(s.space_type = any(${p.add(DRIVE_IN_TYPES)}::text[]) or (s.feature_mask & ${vehicleAccess}::int) <> 0)`)
    }
  }
  if (q.from) where.push(...freeForStay(q.from, q.to, p))
  if (q.bbox) {
    const [west, south, east, north] = q.bbox as [number, number, number, number]
    where.push(`s.approx_lat between ${p.add(south)}::float8 and ${p.add(north)}::float8`)
    where.push(`s.approx_lng between ${p.add(west)}::float8 and ${p.add(east)}::float8`)
  }
  if (q.near) {
    const [lat, lng] = q.near as [number, number]
    const box = boxAround(lat, lng, q.radiusKm)
    // The box narrows on the geo index; the exact radius is checked on the few rows inside it.
    where.push(`s.approx_lat between ${p.add(box.south)}::float8 and ${p.add(box.north)}::float8`)
    where.push(`s.approx_lng between ${p.add(box.west)}::float8 and ${p.add(box.east)}::float8`)
    where.push(`${distanceSql(`${p.add(lat)}::float8`, `${p.add(lng)}::float8`)} <= ${p.add(q.radiusKm)}::float8`)
  }
  return where.join(' and ')
}

/**
 * The listings free for the whole stay: modules/bookings/service/availability.ts's rule (contract/availability.ts
 * unavailableRanges) as SQL. No blocked day touches the stay, and no day of it is full: the number of stays
 * holding the space only rises on a day one of them starts, so it is enough to count, at the stay's first
 * day and at each holding stay's start inside it, the stays holding that day, against the capacity.
 * "Holding" is transitions.ts holdsSpace: a paid or running stay, or an accepted one until its pay window
 * closes (ended ones end before `from`, which is never past). Without `to`, the stay is the listing's
 * minimum stay from `from`; with it, the stay's length must be within the listing's minimum and maximum.
 * Each probe is on the listing's id (blocked days' and bookings' storage indexes);
 * the capacity is read only when a stay overlaps, so a search without words keeps its index-only scan.
 */
function freeForStay(fromDay: string, toDay: string | undefined, p: Params): string[] {
  const from = `${p.add(fromDay)}::date`
  const to = toDay ? `${p.add(toDay)}::date` : `(${from} + greatest(s.minimum_days, 1) - 1)`
  // The states as literals, the words of the partial index bookings_holding_idx (migration 0036), so the
  // planner can use it; were HOLDING_STATES to change, the answer stays right and the index needs the change.
  const holds = (b: string) =>
    `${b}.state in (${HOLDING_STATES.map(literal).join(', ')}) and (${b}.state not in (${BOOKING_GROUPS.awaitingPayment.map(literal).join(', ')}) or ${b}.expires_at > now())`
  const day = `greatest(b.start_date, ${from})`
  // A stay with both days must also be one the listing takes: at least its minimum, at most its maximum.
  const length = toDay ? [`s.minimum_days <= (${to} - ${from} + 1)`, `(s.maximum_days is null or s.maximum_days >= (${to} - ${from} + 1))`] : []
  return [
    ...length,
    `not exists (select 1 from storage_blocked_dates bd where bd.storage_id = s.id and bd.end_date >= ${from} and bd.start_date <= ${to})`,
    `not exists (
    select 1 from bookings b
    where b.storage_id = s.id and ${holds('b')} and b.start_date <= ${to} and (b.end_date is null or b.end_date >= ${from})
      and (select count(*) from bookings o where o.storage_id = b.storage_id and ${holds('o')}
             and o.start_date <= ${day} and (o.end_date is null or o.end_date >= ${day}))
        >= (select c.capacity from storages c where c.id = b.storage_id))`,
  ]
}

/** The point distances are measured from: the near point, else the middle of the box. */
function origin(q: StorageSearchQuery): [number, number] | null {
  if (q.near) return q.near as [number, number]
  if (q.bbox) return [(q.bbox[1]! + q.bbox[3]!) / 2, (q.bbox[0]! + q.bbox[2]!) / 2]
  return null
}

/** ORDER BY keys, each as [expression on storages s, the same key on the selected page row]. */
function orderKeys(q: StorageSearchQuery, sortDistance: string | null): [string, string][] {
  const id: [string, string] = ['s.id', 'page."id"']
  const recommended: [string, string][] = [
    ['s.score desc nulls last', 'page."score" desc nulls last'],
    ['s.created_at desc nulls last', 'page."createdAt" desc nulls last'],
    id,
  ]
  switch (q.sort) {
    case 'price':
      return [['s.price_cents asc', 'page."priceCents" asc'], id]
    case 'size':
      return [['s.size_sqft desc nulls last', 'page."sizeSqft" desc nulls last'], id]
    case 'rating':
      // Reviews' maintained columns (modules/safety/service/reviews.ts): best average, then most reviews.
      return [['s.rating_avg desc nulls last', 'page."ratingAvg" desc nulls last'], ['s.review_count desc', 'page."reviewCount" desc'], id]
    case 'newest':
      return [['s.created_at desc nulls last', 'page."createdAt" desc nulls last'], id]
    case 'fit':
      // The tightest sufficient space first: renters pay for room they need, not more. Without a list, recommended.
      return q.fit ? [['s.size_sqft asc', 'page."sizeSqft" asc'], ['s.height_ft asc nulls last', 'page."heightFt" asc nulls last'], id] : recommended
    case 'distance':
      // Distance without a point means recommended.
      return sortDistance ? [[`${sortDistance} asc`, 'page."sortDistance" asc'], id] : recommended
    default:
      return recommended
  }
}

export interface SearchStatement {
  text: string
  params: unknown[]
  /**
   * Worth preparing (server/src/db/client.ts): a map search (box or point) without words. Its plan is
   * the geo index whatever the values; measured, preparing it raised req/s by 15-25% (no planning per
   * search), while prepared text and price searches got generic plans up to twice as slow.
   */
  prepare: boolean
}

/**
 * The page (with host and first photo) and, in the same row set, the total (counting stops after
 * TOTAL_CAP + 1 rows, so a broad search costs the same as a narrow one). The total is an uncorrelated
 * subquery: PostgreSQL runs it once, and only if the page has a row.
 *
 * Without words, the page's ids are found first and only those 8 listings read: the box index and the
 * sort-order indexes cover every column the search filters and sorts on (migration 0005), so finding the
 * ids (and a box's total) is an index-only scan, where reading every listing in a city's box to sort them
 * was most of a map search's cost. Word searches go through the trigram index, which has to read the
 * listings anyway.
 */
export function searchStatement(q: StorageSearchQuery, words: string[]): SearchStatement {
  const p = new Params()
  const where = conditions(q, words, p)
  const from = origin(q)
  const sortDistance = q.sort === 'distance' && from ? distanceSql(`${p.add(from[0])}::float8`, `${p.add(from[1])}::float8`) : null
  const distance = q.near ? distanceSql(`${p.add(q.near[0])}::float8`, `${p.add(q.near[1])}::float8`) : null
  const keys = orderKeys(q, sortDistance)
  const extra = [distance ? `, ${distance} as "distanceKm"` : '', sortDistance ? `, ${sortDistance} as "sortDistance"` : ''].join('')
  const limit = `limit ${p.add(q.limit)}::int offset ${p.add((q.page - 1) * q.limit)}::int`
  const order = `order by ${keys.map((k) => k[0]).join(', ')}`
  const page =
    words.length === 0
      ? `select ${STORAGE_COLUMNS}${extra}
  from (select s.id from storages s where ${where} ${order} ${limit}) ids
  join storages s on s.id = ids.id`
      : `select ${STORAGE_COLUMNS}${extra}
  from storages s where ${where}
  ${order}
  ${limit}`
  const text = `select page.*,
  u.first_name as "hostFirstName", u.last_name as "hostLastName", u.created_at as "hostCreatedAt",
  ph.id as "photoId", ph.width as "photoWidth", ph.height as "photoHeight",
  (select count(*)::int from (select 1 from storages s where ${where} limit ${TOTAL_CAP + 1}) m) as "total"
from (
  ${page}
) page
join users u on u.id = page."hostId"
left join lateral (
  select p.id, p.width, p.height from storage_photos p where p.storage_id = page."id" order by p.position, p.created_at limit 1
) ph on true
order by ${keys.map((k) => k[1]).join(', ')}`
  return { text, params: p.values, prepare: Boolean(q.bbox || q.near) && words.length === 0 }
}

/** The capped total alone, for a page past the end (which has no row to carry it). */
export function countStatement(q: StorageSearchQuery, words: string[]): SearchStatement {
  const p = new Params()
  const where = conditions(q, words, p)
  return { text: `select count(*)::int as "total" from (select 1 from storages s where ${where} limit ${TOTAL_CAP + 1}) m`, params: p.values, prepare: false }
}

/**
 * Each word's nearest search term by trigram similarity (pg_trgm's % operator, threshold 0.3, on the
 * GIN index of the small search_terms table); a word that is a term comes back as itself, one with no
 * near term as null. Words under 3 characters are not corrected.
 */
export function correctionStatement(words: string[]): SearchStatement {
  return {
    text: `select w.word, (
  select t.term from search_terms t where t.term % w.word order by similarity(t.term, w.word) desc, t.term limit 1
) as term
from unnest($1::text[]) with ordinality as w(word, n) order by w.n`,
    params: [words],
    prepare: false,
  }
}

export interface SearchHit {
  storage: StorageRow
  host: HostSummary
  photos: PhotoMeta[]
  distanceKm: number | null
}

export interface SearchResult {
  hits: SearchHit[]
  total: number
  /** When the words found nothing and their nearest terms did: the corrected words, joined. */
  correctedQuery?: string
}

type Row = StorageRow & {
  distanceKm?: number | null
  sortDistance?: number
  hostFirstName: string
  hostLastName: string
  hostCreatedAt: Date
  photoId: string | null
  photoWidth: number | null
  photoHeight: number | null
  total: number
}

async function run(database: Database, q: StorageSearchQuery, words: string[]): Promise<{ hits: SearchHit[]; total: number }> {
  const page = searchStatement(q, words)
  const rows = await database.query<Row>(page.text, page.params, { prepare: page.prepare })
  let total = rows[0]?.total ?? 0
  if (rows.length === 0 && q.page > 1) {
    const count = countStatement(q, words)
    total = (await database.query<{ total: number }>(count.text, count.params))[0]?.total ?? 0
  }
  const hits = rows.map((row) => {
    const { distanceKm, sortDistance: _s, hostFirstName, hostLastName, hostCreatedAt, photoId, photoWidth, photoHeight, total: _t, ...storage } = row
    return {
      storage: storage as StorageRow,
      host: { id: storage.hostId, firstName: hostFirstName, lastName: hostLastName, createdAt: hostCreatedAt },
      photos: photoId ? [{ id: photoId, storageId: storage.id, width: photoWidth!, height: photoHeight!, position: 0 }] : [],
      distanceKm: distanceKm == null ? null : Number(distanceKm),
    }
  })
  return { hits, total: Number(total) }
}

/**
 * Searches for `words` (the query's text normalized by modules/listings/service/storages.ts searchWords). Text is matched
 * exactly (every word a substring) first; only when that finds nothing are
 * the words corrected to their nearest search terms ("torotno" → "toronto") and searched again.
 */
export async function searchStorageRows(database: Database, q: StorageSearchQuery, words: string[]): Promise<SearchResult> {
  const first = await run(database, q, words)
  if (first.total > 0 || words.length === 0) return first
  const correctable = words.filter((w) => w.length >= 3 && /[a-z]/.test(w))
  if (correctable.length === 0) return first
  const fix = correctionStatement(correctable)
  const nearest = new Map((await database.query<{ word: string; term: string | null }>(fix.text, fix.params)).map((r) => [r.word, r.term]))
  const corrected = words.map((w) => nearest.get(w) ?? w)
  if (corrected.join(' ') === words.join(' ')) return first
  const second = await run(database, q, corrected)
  return second.total > 0 ? { ...second, correctedQuery: corrected.join(' ') } : first
}
