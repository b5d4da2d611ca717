// GET /storages: active listings filtered by text, type, price, size, features, a box or a radius, and
// sorted. Every filter has a partial index (status = 'active'); geography uses the rounded coordinates.
import { and, eq, sql, type SQL } from 'drizzle-orm'
import { STORAGE_TOTAL_CAP, type StorageSearchQuery } from '../../../../src/schemas/storage'
import type { Db } from '../client'
import { storages, type StorageRow } from '../schema/storages'
import { users } from '../schema/users'
import { normalizeSearch } from '../../domain/storages'
import type { HostSummary } from './storages'

const KM_PER_DEG_LAT = 111.2
/** Totals above the cap are reported as cap + 1 ("more than 1,000"). */
const TOTAL_CAP = STORAGE_TOTAL_CAP

/** Great-circle distance in km from a point to the listing's approximate location. */
const distanceKm = (lat: number, lng: number) =>
  sql<number>`(6371 * 2 * asin(sqrt(power(sin(radians(${storages.approxLat} - ${lat}) / 2), 2) + cos(radians(${lat})) * cos(radians(${storages.approxLat})) * power(sin(radians(${storages.approxLng} - ${lng}) / 2), 2))))`

function boxAround(lat: number, lng: number, km: number) {
  const dLat = km / KM_PER_DEG_LAT
  const dLng = km / (KM_PER_DEG_LAT * Math.max(0.05, Math.cos((lat * Math.PI) / 180)))
  return { south: lat - dLat, north: lat + dLat, west: lng - dLng, east: lng + dLng }
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Text matches in two passes, both on the GIN trigram index: 'exact' is a substring match; 'typo' is a
 * trigram word-similarity match, tried only when the exact pass finds nothing (cheaper, and no fuzzy
 * noise when the spelling was right).
 */
export type TextMode = 'exact' | 'typo'

export function searchConditions(q: StorageSearchQuery, mode: TextMode = 'exact'): SQL[] {
  const where: SQL[] = [eq(storages.status, 'active')]
  const text = q.q ? normalizeSearch(q.q) : ''
  if (text && mode === 'exact') where.push(sql`${storages.searchText} ilike ${`%${escapeLike(text)}%`}`)
  if (text && mode === 'typo') where.push(sql`${text} <% ${storages.searchText}`)
  if (q.type?.length) where.push(sql`${storages.spaceType} in ${q.type}`)
  if (q.minPrice != null) where.push(sql`${storages.priceCents} >= ${q.minPrice}`)
  if (q.maxPrice != null) where.push(sql`${storages.priceCents} <= ${q.maxPrice}`)
  if (q.minSize != null) where.push(sql`${storages.sizeSqft} >= ${q.minSize}`)
  if (q.features?.length) where.push(sql`${storages.features} @> ${sql.raw(`ARRAY[${q.features.map((f) => `'${f}'`).join(',')}]::text[]`)}`)
  if (q.bbox) {
    const [west, south, east, north] = q.bbox as [number, number, number, number]
    where.push(sql`${storages.approxLat} between ${south} and ${north} and ${storages.approxLng} between ${west} and ${east}`)
  }
  if (q.near) {
    const [lat, lng] = q.near as [number, number]
    const box = boxAround(lat, lng, q.radiusKm)
    where.push(sql`${storages.approxLat} between ${box.south} and ${box.north} and ${storages.approxLng} between ${box.west} and ${box.east}`)
    where.push(sql`${distanceKm(lat, lng)} <= ${q.radiusKm}`)
  }
  return where
}

/** The point distances are measured from: the near point, else the middle of the box. */
function origin(q: StorageSearchQuery): [number, number] | null {
  if (q.near) return q.near as [number, number]
  if (q.bbox) return [(q.bbox[1]! + q.bbox[3]!) / 2, (q.bbox[0]! + q.bbox[2]!) / 2]
  return null
}

function orderBy(q: StorageSearchQuery): SQL[] {
  const from = origin(q)
  switch (q.sort) {
    case 'price':
      return [sql`${storages.priceCents} asc`, sql`${storages.id}`]
    case 'size':
      return [sql`${storages.sizeSqft} desc nulls last`, sql`${storages.id}`]
    case 'newest':
      return [sql`${storages.createdAt} desc nulls last`, sql`${storages.id}`]
    case 'distance':
      // Distance without a point means recommended.
      if (from) return [sql`${distanceKm(from[0], from[1])} asc`, sql`${storages.id}`]
      return [sql`${storages.score} desc nulls last`, sql`${storages.createdAt} desc nulls last`, sql`${storages.id}`]
    default:
      return [sql`${storages.score} desc nulls last`, sql`${storages.createdAt} desc nulls last`, sql`${storages.id}`]
  }
}

export interface SearchHit {
  storage: StorageRow
  host: HostSummary
  distanceKm: number | null
}

/** The page query and the count query for a search (separate so each uses its best index). */
export function searchQueries(db: Db, q: StorageSearchQuery, mode: TextMode = 'exact') {
  const where = and(...searchConditions(q, mode))
  const page = db
    .select({
      storage: storages,
      host: { id: users.id, firstName: users.firstName, lastName: users.lastName, createdAt: users.createdAt },
      distanceKm: q.near ? distanceKm(q.near[0]!, q.near[1]!) : sql<null>`null`,
    })
    .from(storages)
    .innerJoin(users, eq(users.id, storages.hostId))
    .where(where)
    .orderBy(...orderBy(q))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
  // Counting stops after TOTAL_CAP + 1 rows, so a broad search costs the same as a narrow one.
  const matches = db.select({ one: sql`1` }).from(storages).where(where).limit(TOTAL_CAP + 1).as('matches')
  const total = db.select({ n: sql<number>`count(*)::int` }).from(matches)
  return { page, total }
}

export async function searchStorages(db: Db, q: StorageSearchQuery): Promise<{ hits: SearchHit[]; total: number }> {
  let { page, total } = searchQueries(db, q, 'exact')
  let [hits, counted] = await Promise.all([page, total])
  if (q.q && Number(counted[0]?.n ?? 0) === 0) {
    ;({ page, total } = searchQueries(db, q, 'typo'))
    ;[hits, counted] = await Promise.all([page, total])
  }
  return { hits: hits.map((h) => ({ ...h, distanceKm: h.distanceKm == null ? null : Number(h.distanceKm) })), total: Number(counted[0]?.n ?? 0) }
}
