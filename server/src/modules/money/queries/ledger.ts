// The money ledger's reads and its one write: rows are appended once per (kind, Stripe object) and never
// changed (the table's trigger refuses UPDATE and DELETE), so a replayed event inserts nothing.
import { and, asc, desc, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { bookings } from '../../../db/schema/bookings'
import { ledgerEntries, type LedgerRow, type NewLedgerRow } from '../../../db/schema/ledger'
import { paymentAccounts } from '../../../db/schema/payment-accounts'
import { storages } from '../../../db/schema/storages'

// occurredAt is Stripe's time, in whole seconds: rows of one second tie on it, so a list's order is made total by
// when each row was written, then its id.
export const oldestFirst = [asc(ledgerEntries.occurredAt), asc(ledgerEntries.recordedAt), asc(ledgerEntries.id)]
export const newestFirst = [desc(ledgerEntries.occurredAt), desc(ledgerEntries.recordedAt), desc(ledgerEntries.id)]

/** Appends the rows not yet recorded; returns how many were new. */
export async function appendLedgerRows(db: Db, rows: NewLedgerRow[]): Promise<number> {
  if (rows.length === 0) return 0
  const inserted = await db
    .insert(ledgerEntries)
    .values(rows)
    .onConflictDoNothing({ target: [ledgerEntries.kind, ledgerEntries.stripeObjectId] })
    .returning({
      id: ledgerEntries.id,
    })
  return inserted.length
}

/** The parties of a booking, for the rows of its money. */
export async function bookingParties(db: Db, by: { id?: string; paymentIntentId?: string; subscriptionId?: string }) {
  const where = by.id
    ? eq(bookings.id, by.id)
    : by.paymentIntentId
      ? eq(bookings.paymentIntentId, by.paymentIntentId)
      : by.subscriptionId
        ? eq(bookings.subscriptionId, by.subscriptionId)
        : undefined
  if (!where) return undefined
  const [row] = await db.select().from(bookings).where(where).limit(1)
  return row
}

/** The host whose Stripe connected account this is. */
export async function hostOfAccount(db: Db, stripeAccountId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: paymentAccounts.userId }).from(paymentAccounts).where(eq(paymentAccounts.stripeAccountId, stripeAccountId)).limit(1)
  return row?.userId
}

/** A row already recorded for a charge (its payment), to carry its booking onto rows that name only the charge. */
export async function chargeRow(db: Db, chargeId: string): Promise<LedgerRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.chargeId, chargeId), inArray(ledgerEntries.kind, ['payment', 'refund'])))
    .limit(1)
  return row
}

/** Every row where the user is the host: their transfers, reversals and payouts. */
export const hostLedgerRows = (db: Db, hostId: string) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.hostId, hostId), inArray(ledgerEntries.kind, ['transfer', 'transfer_reversal', 'payout'])))
    .orderBy(...oldestFirst)

/** The rows that make hosts' balances (transfers, reversals, payouts) with each host's connected account. */
export const balanceRowsWithAccounts = (db: Db, hostId?: string) =>
  db
    .select({ row: ledgerEntries, stripeAccountId: paymentAccounts.stripeAccountId })
    .from(ledgerEntries)
    .innerJoin(paymentAccounts, eq(paymentAccounts.userId, ledgerEntries.hostId))
    .where(and(inArray(ledgerEntries.kind, ['transfer', 'transfer_reversal', 'payout']), hostId ? eq(ledgerEntries.hostId, hostId) : undefined))

/** The renter's payments and refunds, newest first, with the listing each paid for (when known). */
export const renterLedgerRows = (db: Db, renterId: string) =>
  db
    .select({ row: ledgerEntries, storageTitle: storages.title })
    .from(ledgerEntries)
    .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .leftJoin(storages, eq(storages.id, bookings.storageId))
    .where(and(eq(ledgerEntries.renterId, renterId), or(eq(ledgerEntries.kind, 'payment'), eq(ledgerEntries.kind, 'refund'))))
    .orderBy(...newestFirst)
