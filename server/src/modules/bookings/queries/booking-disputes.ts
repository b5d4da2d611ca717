// Reads and writes of booking disputes (one row per Stripe dispute), and the lookups that find which
// booking a dispute's payment belongs to.
import { and, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { bookingDisputes, type BookingDisputeRow, type NewBookingDisputeRow } from '../../../db/schema/booking-disputes'
import { bookings } from '../../../db/schema/bookings'
import { ledgerEntries } from '../../../db/schema/ledger'

export async function lockDispute(db: Db, id: string): Promise<BookingDisputeRow | undefined> {
  const [row] = await db.select().from(bookingDisputes).where(eq(bookingDisputes.id, id)).for('update')
  return row
}

/** Inserts the dispute unless a racing event inserted it first (then undefined). */
export async function insertDispute(db: Db, row: NewBookingDisputeRow): Promise<BookingDisputeRow | undefined> {
  const [inserted] = await db.insert(bookingDisputes).values(row).onConflictDoNothing().returning()
  return inserted
}

export async function updateDispute(db: Db, id: string, set: Partial<NewBookingDisputeRow>): Promise<BookingDisputeRow | undefined> {
  const [row] = await db
    .update(bookingDisputes)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(bookingDisputes.id, id))
    .returning()
  return row
}

/** Each booking's latest dispute (the one opened last), by booking id. */
export async function latestDisputes(db: Db, bookingIds: string[]): Promise<Map<string, BookingDisputeRow>> {
  const latest = new Map<string, BookingDisputeRow>()
  if (!bookingIds.length) return latest
  const rows = await db.select().from(bookingDisputes).where(inArray(bookingDisputes.bookingId, bookingIds)).orderBy(desc(bookingDisputes.openedAt))
  for (const r of rows) if (!latest.has(r.bookingId)) latest.set(r.bookingId, r)
  return latest
}

/** The booking whose latest payment is this payment intent. */
export async function bookingIdByPaymentIntent(db: Db, paymentIntentId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.paymentIntentId, paymentIntentId)).limit(1)
  return row?.id
}

/** The booking an earlier payment (a past month's charge) was recorded for in the money ledger. */
export async function bookingIdByLedgerCharge(db: Db, chargeId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: ledgerEntries.bookingId })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'payment'), eq(ledgerEntries.chargeId, chargeId)))
    .limit(1)
  return row?.id ?? undefined
}

export const bookingExists = async (db: Db, id: string) => (await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id)).limit(1)).length > 0
