// Reads and writes of move-in/move-out checks, their photos and items, and claims. No rule here: who
// may see or change them is decided in modules/evidence/service/.
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { BookingState } from '@contract/booking-states'
import type { Db } from '../../db/client'
import { bookings } from '../../db/schema/bookings'
import { claims, evidenceChecks, evidenceItems, evidencePhotos, type ClaimRow, type EvidenceCheckRow } from '../../db/schema/evidence'

type Kind = EvidenceCheckRow['kind']

/** Each check of these bookings with its photo and item counts (no bytes). */
export async function checkSummaries(db: Db, bookingIds: string[]) {
  if (bookingIds.length === 0) return []
  return db
    .select({
      check: evidenceChecks,
      photoCount: sql<number>`(select count(*)::int from evidence_photos p where p.check_id = "evidence_checks"."id")`,
      itemCount: sql<number>`(select count(*)::int from evidence_items i where i.check_id = "evidence_checks"."id")`,
    })
    .from(evidenceChecks)
    .where(inArray(evidenceChecks.bookingId, bookingIds))
}

export async function findCheck(db: Db, bookingId: string, kind: Kind) {
  return (
    await db
      .select()
      .from(evidenceChecks)
      .where(and(eq(evidenceChecks.bookingId, bookingId), eq(evidenceChecks.kind, kind)))
  )[0]
}

/** The check of this booking and kind, made on first use (two racing first uses make one). */
export async function ensureCheck(db: Db, bookingId: string, kind: Kind): Promise<EvidenceCheckRow> {
  await db.insert(evidenceChecks).values({ bookingId, kind }).onConflictDoNothing()
  return (await findCheck(db, bookingId, kind))!
}

/** Move-in before move-out ('move_in' sorts first): a confirm or clear rewrites a row, and unordered rows come back in
 * whatever order PostgreSQL's heap holds them. */
export const listChecks = (db: Db, bookingId: string) =>
  db.select().from(evidenceChecks).where(eq(evidenceChecks.bookingId, bookingId)).orderBy(asc(evidenceChecks.kind), asc(evidenceChecks.createdAt))

const photoMeta = {
  id: evidencePhotos.id,
  checkId: evidencePhotos.checkId,
  uploaderId: evidencePhotos.uploaderId,
  clientId: evidencePhotos.clientId,
  capturedAt: evidencePhotos.capturedAt,
  createdAt: evidencePhotos.createdAt,
}
export type EvidencePhotoMeta = { id: string; checkId: string; uploaderId: string; clientId: string; capturedAt: Date | null; createdAt: Date }

export const listPhotoMeta = (db: Db, checkIds: string[]): Promise<EvidencePhotoMeta[]> =>
  checkIds.length === 0
    ? Promise.resolve([])
    : db.select(photoMeta).from(evidencePhotos).where(inArray(evidencePhotos.checkId, checkIds)).orderBy(asc(evidencePhotos.createdAt), asc(evidencePhotos.id))

export const listItems = (db: Db, checkIds: string[]) =>
  checkIds.length === 0
    ? Promise.resolve([])
    : db.select().from(evidenceItems).where(inArray(evidenceItems.checkId, checkIds)).orderBy(asc(evidenceItems.createdAt), asc(evidenceItems.id))

export async function countCheckContents(db: Db, checkId: string) {
  const [p] = await db.select({ n: count() }).from(evidencePhotos).where(eq(evidencePhotos.checkId, checkId))
  const [i] = await db.select({ n: count() }).from(evidenceItems).where(eq(evidenceItems.checkId, checkId))
  return { photos: Number(p?.n ?? 0), items: Number(i?.n ?? 0) }
}

export async function findPhotoByClientId(db: Db, checkId: string, clientId: string) {
  return (
    await db
      .select(photoMeta)
      .from(evidencePhotos)
      .where(and(eq(evidencePhotos.checkId, checkId), eq(evidencePhotos.clientId, clientId)))
  )[0]
}

/** Inserts a photo; a second insert with the same (check, clientId) inserts nothing and returns undefined. */
export async function insertPhoto(
  db: Db,
  values: { checkId: string; uploaderId: string; clientId: string; contentType: string; bytes: Buffer; capturedAt: Date | null },
) {
  const [row] = await db
    .insert(evidencePhotos)
    .values({ ...values, size: values.bytes.length })
    .onConflictDoNothing()
    .returning(photoMeta)
  return row
}

export async function insertItem(db: Db, values: { checkId: string; authorId: string; name: string; note: string }) {
  const [row] = await db.insert(evidenceItems).values(values).returning()
  return row!
}

/** A change to the check: both confirmations are cleared (each side confirms what they saw). */
export async function clearConfirmations(db: Db, checkId: string) {
  await db.update(evidenceChecks).set({ renterConfirmedAt: null, hostConfirmedAt: null, updatedAt: new Date() }).where(eq(evidenceChecks.id, checkId))
}

export async function setConfirmation(db: Db, checkId: string, side: 'renter' | 'host', at: Date) {
  const set = side === 'renter' ? { renterConfirmedAt: at } : { hostConfirmedAt: at }
  const [row] = await db
    .update(evidenceChecks)
    .set({ ...set, updatedAt: at })
    .where(eq(evidenceChecks.id, checkId))
    .returning()
  return row!
}

/** A photo with the booking it belongs to (who may see it is the domain's call). */
export async function findPhotoWithBooking(db: Db, photoId: string) {
  const [row] = await db
    .select({ photo: evidencePhotos, renterId: bookings.renterId, hostId: bookings.hostId, bookingId: bookings.id })
    .from(evidencePhotos)
    .innerJoin(evidenceChecks, eq(evidenceChecks.id, evidencePhotos.checkId))
    .innerJoin(bookings, eq(bookings.id, evidenceChecks.bookingId))
    .where(eq(evidencePhotos.id, photoId))
  return row
}

export async function insertClaim(db: Db, values: typeof claims.$inferInsert): Promise<ClaimRow> {
  const [row] = await db.insert(claims).values(values).returning()
  return row!
}

/** Claims by one person: on one booking, and in all since `since`. */
export async function countClaimsBy(db: Db, claimantId: string, bookingId: string, since: Date) {
  const [row] = await db
    .select({
      onBooking: sql<number>`count(*) filter (where ${claims.bookingId} = ${bookingId})`,
      since: sql<number>`count(*) filter (where ${claims.createdAt} > ${since.toISOString()})`,
      oldestSince: sql<string | null>`min(${claims.createdAt}) filter (where ${claims.createdAt} > ${since.toISOString()})`,
    })
    .from(claims)
    .where(eq(claims.claimantId, claimantId))
  return { onBooking: Number(row?.onBooking ?? 0), since: Number(row?.since ?? 0), oldestSince: row?.oldestSince ? new Date(row.oldestSince) : undefined }
}

export async function listClaimsPage(db: Db, opts: { page: number; limit: number }) {
  const rows = await db
    .select()
    .from(claims)
    .orderBy(desc(claims.createdAt), desc(claims.id))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit)
  const [total] = await db.select({ n: count() }).from(claims)
  return { rows, total: Number(total?.n ?? 0) }
}

/**
 * Deletes the checks (with their photos and items) and claims of bookings that ended before `endedBefore`:
 * a completed or cancelled booking ends on its end date, else when it was cancelled, else at its last update.
 */
export async function deleteEvidenceEndedBefore(db: Db, endedBefore: Date, pastStates: readonly BookingState[]) {
  const cutoff = endedBefore.toISOString()
  const ended = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(
      and(
        inArray(bookings.state, [...pastStates]),
        lt(
          sql`coalesce(least(${bookings.endDate}::timestamptz + interval '1 day', ${bookings.cancelledAt}), ${bookings.updatedAt})`,
          sql`${cutoff}::timestamptz`,
        ),
      ),
    )
  const checks = await db.delete(evidenceChecks).where(inArray(evidenceChecks.bookingId, ended)).returning({ id: evidenceChecks.id })
  const gone = await db.delete(claims).where(inArray(claims.bookingId, ended)).returning({ id: claims.id })
  return { checks: checks.length, claims: gone.length }
}
