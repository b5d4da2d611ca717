// Invites' SQL: writing one, the pair's list (pending ones past their expiry settled first), and the
// guarded steps (a step happens only from pending, so of two racing clicks one moves the row).
import { and, desc, eq, gt, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { bookings } from '../../../db/schema/bookings'
import { invites, type InviteRow, type NewInviteRow } from '../../../db/schema/invites'
import { storages } from '../../../db/schema/storages'
import type { InviteState } from '@contract/invite'

export type InviteView = InviteRow & { storage: { id: string; title: string; city: string } }

const pairOf = (a: string, b: string) => or(and(eq(invites.hostId, a), eq(invites.renterId, b)), and(eq(invites.hostId, b), eq(invites.renterId, a)))

export async function insertInvite(db: Db, values: NewInviteRow): Promise<InviteRow> {
  const [row] = await db.insert(invites).values(values).returning()
  return row!
}

/** Pending invites past their expiry become expired (the clock's step, applied on read). */
export async function expireDueInvites(db: Db, where: { userId: string; otherUserId?: string } | { id: string }, now = new Date()) {
  const scope = 'id' in where ? eq(invites.id, where.id) : where.otherUserId ? pairOf(where.userId, where.otherUserId) : undefined
  await db
    .update(invites)
    .set({ state: 'expired', updatedAt: now })
    .where(and(scope, eq(invites.state, 'pending'), lte(invites.expiresAt, now)))
}

const select = (db: Db) =>
  db
    .select({ invite: invites, storage: { id: storages.id, title: storages.title, city: storages.city } })
    .from(invites)
    .innerJoin(storages, eq(storages.id, invites.storageId))

const view = (r: { invite: InviteRow; storage: { id: string; title: string | null; city: string | null } }): InviteView => ({
  ...r.invite,
  storage: { id: r.storage.id, title: r.storage.title ?? '', city: r.storage.city ?? '' },
})

/** The invites between two users, newest last (the chat's order); at most 50, the newest. */
export async function listPairInvites(db: Db, userId: string, otherUserId: string): Promise<InviteView[]> {
  await expireDueInvites(db, { userId, otherUserId })
  const rows = await select(db).where(pairOf(userId, otherUserId)).orderBy(desc(invites.createdAt)).limit(50)
  return rows.map(view).reverse()
}

export async function findInvite(db: Db, id: string): Promise<InviteView | undefined> {
  await expireDueInvites(db, { id })
  const [row] = await select(db).where(eq(invites.id, id)).limit(1)
  return row && view(row)
}

/**
 * Moves a pending, unexpired invite to `to`: the row after, or undefined when it was no longer pending
 * (another click, the host's withdrawal or the clock came first).
 */
export async function movePendingInvite(db: Db, id: string, to: Exclude<InviteState, 'pending'>, now = new Date()): Promise<InviteRow | undefined> {
  const [row] = await db
    .update(invites)
    .set({ state: to, updatedAt: now })
    .where(and(eq(invites.id, id), eq(invites.state, 'pending'), to === 'expired' ? undefined : gt(invites.expiresAt, now)))
    .returning()
  return row
}

export async function linkInviteBooking(db: Db, id: string, bookingId: string) {
  await db.update(invites).set({ bookingId }).where(eq(invites.id, id))
}

/**
 * The bookings of this pair's booked invites that are still unpaid past their pay window: time has made
 * their expiry due, and settling them (modules/bookings/service/process.ts) opens the invite again.
 */
export async function lapsedInviteBookings(db: Db, userId: string, otherUserId: string, now = new Date()): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(invites)
    .innerJoin(bookings, eq(bookings.id, invites.bookingId))
    .where(and(pairOf(userId, otherUserId), eq(invites.state, 'accepted'), eq(bookings.state, 'accepted'), lte(bookings.expiresAt, now)))
  return rows.map((r) => r.id)
}

/**
 * A booking made from an invite let go before it was paid (its pay window ran out, or one of the pair
 * cancelled it): the invite is open again until its own expiry, or expired if that has passed.
 */
export async function reopenInviteOf(db: Db, bookingId: string, now = new Date()) {
  await db
    .update(invites)
    .set({ state: sql`case when ${invites.expiresAt} > ${now} then 'pending' else 'expired' end`, bookingId: null, updatedAt: now })
    .where(and(eq(invites.bookingId, bookingId), eq(invites.state, 'accepted')))
}
