// Reads and writes of visits. No rule here: who may propose or answer is decided in modules/bookings/service/.
import { and, asc, eq, gt, inArray, isNull, lte, max, or } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { bookings } from '../../../db/schema/bookings'
import { visits, type VisitRow } from '../../../db/schema/visits'

export type NewVisit = typeof visits.$inferInsert

/** Inserts a proposal; the same proposer's clientId again returns the visit made the first time. */
export async function insertVisit(db: Db, values: NewVisit): Promise<{ visit: VisitRow; created: boolean }> {
  const [row] = await db.insert(visits).values(values).onConflictDoNothing().returning()
  if (row) return { visit: row, created: true }
  return { visit: (await findVisitByClientId(db, values.proposedBy, values.clientId ?? ''))!, created: false }
}

export const findVisitByClientId = async (db: Db, userId: string, clientId: string) =>
  (
    await db
      .select()
      .from(visits)
      .where(and(eq(visits.proposedBy, userId), eq(visits.clientId, clientId)))
  )[0]

export const findVisit = async (db: Db, id: string) => (await db.select().from(visits).where(eq(visits.id, id)))[0]

export const visitsOfBookings = (db: Db, bookingIds: string[]) =>
  bookingIds.length === 0 ? Promise.resolve([]) : db.select().from(visits).where(inArray(visits.bookingId, bookingIds)).orderBy(asc(visits.createdAt))

/** Moves a visit from `from` to `to` if it is still `from`; undefined when someone else moved it first. */
export async function moveVisit(db: Db, id: string, from: VisitRow['status'], to: VisitRow['status'], at: Date) {
  const [row] = await db
    .update(visits)
    .set({ status: to, respondedAt: at, updatedAt: at })
    .where(and(eq(visits.id, id), eq(visits.status, from)))
    .returning()
  return row
}

/**
 * Claims the confirmed visits whose reminder is due (starting within `leadMs` and not yet begun): one
 * UPDATE … RETURNING, so of two instances (or two ticks) only one gets each visit.
 */
export async function claimDueReminders(db: Db, now: Date, leadMs: number): Promise<VisitRow[]> {
  return db
    .update(visits)
    .set({ remindedAt: now })
    .where(and(eq(visits.status, 'confirmed'), isNull(visits.remindedAt), lte(visits.startsAt, new Date(now.getTime() + leadMs)), gt(visits.startsAt, now)))
    .returning()
}

/** When a visit of the two users' bookings last changed (null: none): part of their chat's version. */
export async function lastVisitChangeBetween(db: Db, a: string, b: string): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(visits.updatedAt) })
    .from(visits)
    .innerJoin(bookings, eq(bookings.id, visits.bookingId))
    .where(or(and(eq(bookings.renterId, a), eq(bookings.hostId, b)), and(eq(bookings.renterId, b), eq(bookings.hostId, a))))
  return row?.at ?? null
}
