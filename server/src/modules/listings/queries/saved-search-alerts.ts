// The alert matcher's SQL: which saved searches a listing that just became visible (or free) matches, in
// one statement over the normalised columns (schema/saved-searches.ts), and the claim of the searches
// whose alert is due. Each condition is storage-search.ts `conditions` turned around: the listing's values
// are the parameters, the search's criteria the columns.
import { sql, type SQL } from 'drizzle-orm'
import { FEATURES, SETTINGS, SPACE_TYPES } from '@contract/storage-constants'
import { DRIVE_IN_TYPES } from '@contract/fit'
import type { Db } from '../../../db/client'

/** What the matcher reads of the listing. */
export interface MatchedListing {
  id: string
  hostId: string
  spaceType: string
  priceCents: number | null
  sizeSqft: number | null
  heightFt: number | null
  featureMask: number | null
  setting: string | null
  vehicleMaxLengthFt: number | null
  minimumDays: number
  instantBook: boolean
  approxLat: number | null
  approxLng: number | null
  searchText: string
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows

export async function findVisibleListing(db: Db, storageId: string): Promise<MatchedListing | undefined> {
  const result = await db.execute(sql`select id, host_id as "hostId", space_type as "spaceType", price_cents as "priceCents",
      size_sqft as "sizeSqft", height_ft as "heightFt", feature_mask as "featureMask", setting,
      vehicle_max_length_ft as "vehicleMaxLengthFt", minimum_days as "minimumDays", instant_book as "instantBook",
      approx_lat as "approxLat", approx_lng as "approxLng", search_text as "searchText"
    from storages where id = ${storageId} and status = 'active'`)
  return rowsOf<MatchedListing>(result)[0]
}

/** Every space-free substring of the search text: a search word (which has no space) matches iff it is one. */
export function substringsOf(searchText: string): string[] {
  const out = new Set<string>()
  for (const token of searchText.split(' ')) for (let i = 0; i < token.length; i++) for (let j = i + 1; j <= token.length; j++) out.add(token.slice(i, j))
  return [...out]
}

const bit = (all: readonly string[], v: string | null) => (v != null && all.includes(v) ? 1 << all.indexOf(v) : 0)
const num = (v: number | null) => (v == null ? null : Number(v))

/**
 * Records a match, once per (search, listing), for every saved search with alerts on, saved before `at`,
 * not the host's own, whose criteria the listing meets (a new match of the search until the renter opens
 * it). Returns the ids of the searches newly matched. Three branches, each on its own index: searches with a place (GiST
 * on the radius's box), with words only (GIN on the words), with filters only (partial btree).
 */
export async function recordMatches(db: Db, l: MatchedListing, at: Date): Promise<string[]> {
  return rowsOf<{ id: string }>(await db.execute(matchStatement(l, at))).map((r) => r.id)
}

/** The matcher's one statement (exported for the benchmark's EXPLAIN). */
export function matchStatement(l: MatchedListing, at: Date): SQL {
  return sql`with matched as (${matchingSearches(l, at)}), inserted as (
      insert into saved_search_matches (saved_search_id, storage_id, matched_at)
      select id, ${l.id}, ${at.toISOString()}::timestamptz from matched
      on conflict do nothing
      returning saved_search_id
    )
    select saved_search_id as id from inserted`
}

/** The ids of the saved searches the listing matches: the statement's reading part. */
export function matchingSearches(l: MatchedListing, at: Date): SQL {
  const price = num(l.priceCents)
  const size = num(l.sizeSqft)
  const height = num(l.heightFt)
  const lat = num(l.approxLat)
  const lng = num(l.approxLng)
  const features = Number(l.featureMask ?? 0)
  const driveIn = (DRIVE_IN_TYPES as readonly string[]).includes(l.spaceType) || (features & (1 << FEATURES.indexOf('vehicle_access'))) !== 0
  const subs = substringsOf(l.searchText).join(' ')
  const common = sql`ss.alerts and ss.created_at < ${at.toISOString()}::timestamptz and ss.user_id <> ${l.hostId}
    and (ss.type_mask = 0 or (ss.type_mask & ${bit(SPACE_TYPES, l.spaceType)}::int) <> 0)
    and (ss.min_price_cents is null or ss.min_price_cents <= ${price}::int)
    and (ss.max_price_cents is null or ss.max_price_cents >= ${price}::int)
    and (ss.min_size_sqft is null or ss.min_size_sqft <= ${size}::float8)
    and (ss.feature_mask & ${features}::int) = ss.feature_mask
    and (ss.setting_mask = 0 or (ss.setting_mask & ${bit(SETTINGS, l.setting)}::int) <> 0)
    and (ss.vehicle_length_ft is null or ss.vehicle_length_ft <= ${num(l.vehicleMaxLengthFt)}::float8)
    and (not ss.no_minimum or ${l.minimumDays}::int <= 1)
    and (not ss.instant_book or ${Boolean(l.instantBook)}::boolean)
    and (ss.fit_area_sqft is null or ss.fit_area_sqft <= ${size}::float8)
    and (ss.fit_height_ft is null or ${height}::float8 is null or ${height}::float8 >= ss.fit_height_ft)
    and (not ss.fit_drive_in or ${driveIn}::boolean)
    and (ss.q_words is null or ss.q_words <@ string_to_array(${subs}::text, ' '))`
  // The distance exactly as storage-search.ts distanceSql writes it, the search's point in place of $lat/$lng.
  const distance = sql`(6371 * 2 * asin(sqrt(power(sin(radians(${lat}::float8 - ss.near_lat) / 2), 2) + cos(radians(ss.near_lat)) * cos(radians(${lat}::float8)) * power(sin(radians(${lng}::float8 - ss.near_lng) / 2), 2))))`
  return sql`
      select ss.id from saved_searches ss
      where ss.near_lat is not null
        and box(point(ss.box_west, ss.box_south), point(ss.box_east, ss.box_north)) @> box(point(${lng}::float8, ${lat}::float8), point(${lng}::float8, ${lat}::float8))
        and ${lat}::float8 between ss.box_south and ss.box_north and ${lng}::float8 between ss.box_west and ss.box_east
        and ${distance} <= ss.radius_km and ${common}
      union all
      select ss.id from saved_searches ss
      where ss.near_lat is null and ss.q_words is not null and ss.q_words && string_to_array(${subs}::text, ' ') and ${common}
      union all
      select ss.id from saved_searches ss
      where ss.near_lat is null and ss.q_words is null and ${common}`
}

export interface DueAlert {
  id: string
  userId: string
  name: string
  query: string
  placeLabel: string | null
  previousAlertAt: Date | null
}

/**
 * Claims up to `limit` saved searches whose alert is due: alerts on, a match not yet sent, and no alert
 * within `gapMs`. The claim sets last_alert_at in the same statement (rows locked by another instance are
 * skipped), so of several instances only one sends each alert.
 */
export async function claimDueAlerts(db: Db, now: Date, gapMs: number, limit: number): Promise<DueAlert[]> {
  const result = await db.execute(sql`with due as (
      select ss.id, ss.last_alert_at from saved_searches ss
      where ss.id in (select m.saved_search_id from saved_search_matches m where m.alerted_at is null)
        and ss.alerts and (ss.last_alert_at is null or ss.last_alert_at <= ${new Date(now.getTime() - gapMs).toISOString()}::timestamptz)
      limit ${limit}
      for update of ss skip locked
    )
    update saved_searches s set last_alert_at = ${now.toISOString()}::timestamptz from due where s.id = due.id
    returning s.id, s.user_id as "userId", s.name, s.query, s.place_label as "placeLabel", due.last_alert_at as "previousAlertAt"`)
  return rowsOf<DueAlert>(result)
}

export interface AlertListing {
  id: string
  title: string
  priceCents: number | null
  city: string
}

/** Marks the search's unsent matches sent; the ones still published, newest first. */
export async function takeUnsentMatches(db: Db, savedSearchId: string, now: Date): Promise<AlertListing[]> {
  const result = await db.execute(sql`with sent as (
      update saved_search_matches set alerted_at = ${now.toISOString()}::timestamptz
      where saved_search_id = ${savedSearchId} and alerted_at is null
      returning storage_id, matched_at
    )
    select s.id, s.title, s.price_cents as "priceCents", s.city from sent join storages s on s.id = sent.storage_id
    where s.status = 'active' order by sent.matched_at desc, s.id`)
  return rowsOf<AlertListing>(result)
}

/** Gives a claimed search back its previous last_alert_at (nothing was left to send). */
export async function releaseClaim(db: Db, id: string, previous: Date | null) {
  await db.execute(sql`update saved_searches set last_alert_at = ${previous ? new Date(previous).toISOString() : null}::timestamptz where id = ${id}`)
}
