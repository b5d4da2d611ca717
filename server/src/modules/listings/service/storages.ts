// The listing's business rules: what publishing needs, derived columns (size, search text, score,
// approximate location) written with every change, the search's words, and which status changes a host may make.
import type { StorageSearchQuery } from '@contract/storage'
import { is24x7, zoneForProvince } from '@contract/access-hours'
import type { Database, Db } from '../../../db/client'
import { holdingStays } from '../../bookings/service/availability'
import { searchStorageRows } from '../queries/storage-search'
import { findStorageRow, insertStorageRow, markRemoved, photoCount, updateStorageRow } from '../queries/storages'
import type { NewStorageRow, StorageRow } from '../../../db/schema/storages'
import { badRequest, conflict } from '../../../errors'
import { approximateLocation, postalDistrict } from './storage-privacy'

// Reads with no rule of their own: the routes (and other modules) reach them here, never in the queries.
export { listHostStorages, photoCount } from '../queries/storages'
export { countStorageView } from '../queries/storage-views'

/** Lower-case and accent-free, so "Montreal" finds "Montréal" on both databases without unaccent. */
export const normalizeSearch = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim()

/** The words a search looks for, normalized as the listings' search text is. */
export const searchWords = (q: string | undefined) => (q ? normalizeSearch(q).split(' ').filter(Boolean) : [])

/** Searches the listings for the query's words (see modules/listings/queries/storage-search.ts). */
export const searchStorages = (database: Database, q: StorageSearchQuery) => searchStorageRows(database, q, searchWords(q.q))

type Derivable = Pick<StorageRow, 'title' | 'city' | 'state' | 'postalCode' | 'widthFt' | 'lengthFt' | 'lat' | 'lng' | 'description' | 'features'> &
  Partial<Pick<StorageRow, 'accessSchedule'>>

/** Columns computed from the host's fields on every write. */
export function derivedColumns(row: Derivable, photoCount: number): Partial<NewStorageRow> {
  const approx = row.lat != null && row.lng != null ? approximateLocation(row.lat, row.lng) : null
  return {
    sizeSqft: row.widthFt && row.lengthFt ? Math.round(row.widthFt * row.lengthFt * 100) / 100 : null,
    approxLat: approx?.lat ?? null,
    approxLng: approx?.lng ?? null,
    searchText: normalizeSearch([row.city, row.state, postalDistrict(row.postalCode), row.title].filter(Boolean).join(' ')),
    score: recommendationScore(row, photoCount),
    ...scheduleColumns(row),
  }
}

/**
 * With a schedule, the "24/7 access" feature follows it (feature_mask is generated from `features`, so
 * search agrees), and a schedule without a zone takes the province's.
 */
function scheduleColumns(row: Derivable): Partial<NewStorageRow> {
  const schedule = row.accessSchedule
  if (!schedule) return {}
  const timeZone = schedule.timeZone || zoneForProvince(row.state)
  const others = row.features.filter((f) => f !== 'access_24_7')
  const withZone = { ...schedule, timeZone }
  return { accessSchedule: withZone, features: is24x7(withZone) ? [...others, 'access_24_7'] : others }
}

/** Creates a listing (blank fields filled in) with its derived columns. */
export async function insertStorage(db: Db, values: NewStorageRow): Promise<StorageRow> {
  const base = { title: '', description: '', city: '', state: '', postalCode: '', features: [], widthFt: null, lengthFt: null, lat: null, lng: null, ...values }
  return insertStorageRow(db, { ...base, ...derivedColumns(base as StorageRow, 0) })
}

/** Applies changes and recomputes the derived columns from the merged row. */
export async function updateStorage(db: Db, current: StorageRow, changes: Partial<NewStorageRow>): Promise<StorageRow> {
  const merged = { ...current, ...changes } as StorageRow
  const photos = await photoCount(db, current.id)
  // A status set by hand (the host, an admin) is no longer one that reactivating the host undoes.
  return updateStorageRow(db, current.id, { ...changes, ...derivedColumns(merged, photos), ...(changes.status ? { pausedForHost: false } : {}) })
}

/** Refreshes the recommendation score after photos change. */
export async function refreshDerived(db: Db, storageId: string) {
  const row = await findStorageRow(db, storageId)
  if (row) await updateStorage(db, row, {})
}

/** "Recommended" favours complete listings: photos first, then a real description and features. */
export function recommendationScore(row: Pick<StorageRow, 'description' | 'features'>, photoCount: number): number {
  return Math.round(Math.min(photoCount, 5) * 10 + Math.min(row.description.length, 600) / 30 + row.features.length * 2)
}

/** The fields a listing needs before it can be shown to renters; each names its field. */
export function assertPublishable(row: StorageRow) {
  const need = (ok: unknown, field: string, message: string) => {
    if (!ok) throw badRequest(`${message} before publishing.`, field)
  }
  need(row.title.trim().length >= 5, 'title', 'Add a title of at least 5 characters')
  need(row.description.trim().length >= 20, 'description', 'Add a description of at least 20 characters')
  need(row.widthFt && row.lengthFt, 'widthFt', 'Add the width and length')
  need(row.priceCents && row.priceCents > 0, 'priceCents', 'Set a monthly price')
  need(row.city.trim(), 'address.city', 'Add the city')
  need(row.street.trim(), 'address.street', 'Add the street address')
  need(row.lat != null && row.lng != null, 'lat', 'Place the listing on the map')
}

/** Draft → active (publish), active ⇄ paused, anything but removed → draft. Removal is DELETE. */
/** An admin's moderation hold: the host may edit the listing, never publish it, until an admin lifts it. */
export function assertNotHeld(row: StorageRow, next: StorageRow['status']) {
  if (row.heldByAdmin && next === 'active')
    throw conflict(`An admin has held this listing (${row.holdReason || 'no reason given'}). It can be published again once an admin lifts the hold.`, 'status')
}

export function assertStatusChange(from: StorageRow['status'], to: StorageRow['status']) {
  if (from === to) return
  if (from === 'removed') throw badRequest('This listing was removed and cannot be changed.', 'status')
  const allowed: Record<string, string[]> = { draft: ['active'], active: ['paused', 'draft'], paused: ['active', 'draft'] }
  if (!allowed[from]?.includes(to)) throw badRequest(`A ${from} listing cannot become ${to}.`, 'status')
}

/**
 * A new listing, written as a draft; `publish` then publishes it in the same transaction, so a listing
 * that fails the publishing checks (assertPublishable: a 400 naming the field) leaves no draft behind.
 */
export async function createStorage(db: Db, values: NewStorageRow, { publish }: { publish: boolean }): Promise<StorageRow> {
  return db.transaction(async (tx) => {
    const created = await insertStorage(tx, { ...values, status: 'draft' })
    if (!publish) return created
    assertPublishable(created)
    return updateStorage(tx, created, { status: 'active', publishedAt: new Date() })
  })
}

/** Removes a listing (DELETE): refused (409) while bookings hold its space. */
export async function removeStorage(db: Db, storageId: string): Promise<void> {
  const active = await activeBookingCount(db, storageId)
  if (active > 0) throw conflict(`This listing has ${active} active booking${active === 1 ? '' : 's'}. Complete them before removing it.`)
  await markRemoved(db, storageId)
}

/** A listing with active bookings (accepted, paid or running) cannot be removed. */
export async function activeBookingCount(db: Db, storageId: string): Promise<number> {
  return (await holdingStays(db, storageId, new Date())).length
}

// A listing with its host, and a host's listings paused or published again with their account.
export { pauseForHost, resumeForHost } from '../queries/storages'
