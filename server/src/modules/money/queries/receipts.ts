// The ledger's reads for receipts and hosts' statements: payment rows with their booking, listing and
// parties (left joins: the ledger outlives the other rows), and every row of a charge or of a host.
import { aliasedTable, and, eq, gte, inArray, lt, or, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { bookings } from '../../../db/schema/bookings'
import { ledgerEntries, type LedgerRow } from '../../../db/schema/ledger'
import { storages } from '../../../db/schema/storages'
import { users } from '../../../db/schema/users'
import { newestFirst, oldestFirst } from './ledger'

const hosts = aliasedTable(users, 'receipt_host')
const renters = aliasedTable(users, 'receipt_renter')

const withBooking = (db: Db) =>
  db
    .select({
      entry: ledgerEntries,
      storage: { title: storages.title, city: storages.city },
      host: { firstName: hosts.firstName, lastName: hosts.lastName },
      renter: { firstName: renters.firstName, lastName: renters.lastName },
    })
    .from(ledgerEntries)
    .leftJoin(bookings, eq(bookings.id, ledgerEntries.bookingId))
    .leftJoin(storages, eq(storages.id, bookings.storageId))
    .leftJoin(hosts, eq(hosts.id, ledgerEntries.hostId))
    .leftJoin(renters, eq(renters.id, ledgerEntries.renterId))

export type PaymentWithBooking = Awaited<ReturnType<ReturnType<typeof withBooking>['where']>>[number]

/** One payment row (a receipt), with what it paid for; undefined if there is no such payment. */
export async function findPayment(db: Db, id: string): Promise<PaymentWithBooking | undefined> {
  const rows = await withBooking(db).where(and(eq(ledgerEntries.id, id), eq(ledgerEntries.kind, 'payment')))
  return rows[0]
}

/** A booking's payments (its receipts), newest first. */
export const bookingPayments = (db: Db, bookingId: string) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.kind, 'payment')))
    .orderBy(...newestFirst)

/** Every row of these charges (refunds, fees, transfers and their reversals), oldest first. */
export async function chargeEntries(db: Db, chargeIds: string[]): Promise<LedgerRow[]> {
  if (chargeIds.length === 0) return []
  return db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.chargeId, chargeIds))
    .orderBy(...oldestFirst)
}

/** The host's charges: rows written for the host, or for a charge of a payment made to the host. */
const hostRows = (hostId: string) =>
  or(
    eq(ledgerEntries.hostId, hostId),
    inArray(
      ledgerEntries.chargeId,
      sql`(select ${ledgerEntries.chargeId} from ${ledgerEntries} where ${ledgerEntries.kind} = 'payment' and ${ledgerEntries.hostId} = ${hostId})`,
    ),
  )

/** Every row of the host's money that happened in [from, to), oldest first. */
export const hostEntriesBetween = (db: Db, hostId: string, from: Date, to: Date) =>
  db
    .select()
    .from(ledgerEntries)
    .where(and(hostRows(hostId), gte(ledgerEntries.occurredAt, from), lt(ledgerEntries.occurredAt, to)))
    .orderBy(...oldestFirst)

/** Every row of the host's money, oldest first (the months list sums them per month). */
export const hostEntries = (db: Db, hostId: string) =>
  db
    .select()
    .from(ledgerEntries)
    .where(hostRows(hostId))
    .orderBy(...oldestFirst)

/** The payments behind these charges, with their booking, listing and parties. */
export async function paymentsOfCharges(db: Db, chargeIds: string[]): Promise<PaymentWithBooking[]> {
  if (chargeIds.length === 0) return []
  return withBooking(db).where(and(eq(ledgerEntries.kind, 'payment'), inArray(ledgerEntries.chargeId, chargeIds)))
}

/** A booking's parties and listing, for its receipts list. */
export async function bookingParties(db: Db, bookingId: string) {
  const rows = await db
    .select({ hostId: bookings.hostId, renterId: bookings.renterId, storage: { title: storages.title, city: storages.city } })
    .from(bookings)
    .innerJoin(storages, eq(storages.id, bookings.storageId))
    .where(eq(bookings.id, bookingId))
  return rows[0]
}

/** A user's name. */
export async function personName(db: Db, userId: string) {
  const rows = await db.select({ firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, userId))
  return rows[0]
}
