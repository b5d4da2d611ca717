// Deleting one's own account: the user row stays (bookings, messages, reviews and the append-only ledger
// point at it, and their foreign keys cascade), so it is anonymised and deactivated instead. Deactivated
// ends every session at once (modules/accounts/queries/sessions.ts reads deactivatedAt) and closes the account's
// conversations for the other side (modules/messaging/service/messages.ts isAutoClosed); what must be kept is kept
// (contract/account.ts DELETION_KEEPS) and the rest is erased here, in one transaction.
import { and, eq, inArray, isNull, ne, or } from 'drizzle-orm'
import { DELETED_USER_NAME } from '@contract/account'
import { BOOKING_GROUPS, transition, type BookingAction } from '@contract/booking-process'
import type { Db } from '../../../db/client'
import { lockUser } from '../../admin/service/users'
import { revokeAllSessions } from '../queries/sessions'
import {
  accountTokens,
  bookings,
  notificationSettings,
  pushJobs,
  pushSubscriptions,
  savedSearches,
  savedStorages,
  storages,
  userBlocks,
  userVerifications,
  users,
  emptyAddress,
  type BookingRow,
} from '../../../db/schema'
import { conflict, notFound } from '../../../errors'
import { moveBooking } from '../../bookings/service/process'

/** The email a deleted account keeps: unique, unreachable, and freeing the real address for a new sign-up. */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`
export const isDeletedAccount = (u: { email: string }) => u.email.endsWith('@deleted.invalid')

/**
 * Bookings with money in play that the user must end or cancel first: accepted (a payment may still come),
 * paid and not started, or running with no last day set (it renews every month).
 */
export async function bookingsBlockingDeletion(db: Db, userId: string): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(
      and(
        or(eq(bookings.renterId, userId), eq(bookings.hostId, userId)),
        or(inArray(bookings.state, ['accepted', 'confirmed']), and(eq(bookings.state, 'active'), isNull(bookings.endDate))),
      ),
    )
}

export const blockingMessage = (n: number) =>
  `End or cancel your ${n === 1 ? 'active booking' : `${n} active bookings`} first (in Bookings), then delete your account.`

/** A request, offer or counter not yet answered: withdrawn (renter) or declined (host) where the process allows. */
async function closeUnanswered(db: Db, userId: string) {
  const open = await db
    .select()
    .from(bookings)
    .where(and(or(eq(bookings.renterId, userId), eq(bookings.hostId, userId)), inArray(bookings.state, [...BOOKING_GROUPS.waiting])))
  for (const b of open) {
    const by = b.renterId === userId ? 'renter' : 'host'
    const action = (['cancel', 'decline'] as BookingAction[]).find((a) => transition(b.state, a, by))
    // A counter the host made has no host step: it expires within 48 h, and the renter cannot pay a deleted host.
    if (action) await moveBooking(db, b, action, by, action === 'cancel' ? { cancelledAt: new Date(), cancelledBy: by } : {})
  }
}

/** Anonymises and deactivates the account; a 409 naming what to do while bookings with money in play remain. */
export async function deleteAccount(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const user = await lockUser(tx, userId)
    if (!user || user.deactivatedAt) throw notFound('Account not found.')
    const blocking = await bookingsBlockingDeletion(tx, userId)
    if (blocking.length > 0) throw conflict(blockingMessage(blocking.length))
    await closeUnanswered(tx, userId)
    const now = new Date()
    await tx
      .update(users)
      .set({
        email: deletedEmail(userId),
        passwordHash: '!deleted',
        firstName: DELETED_USER_NAME,
        lastName: '',
        phone: '',
        businessName: '',
        website: '',
        address: emptyAddress(),
        businessAddress: emptyAddress(),
        dateOfBirth: '',
        taxId: '',
        isAdmin: false,
        emailVerified: false,
        googleSub: null,
        deactivatedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, userId))
    await revokeAllSessions(tx, userId)
    // Listings leave search and the host's pages for good; their bookings' history keeps pointing at them.
    await tx
      .update(storages)
      .set({ status: 'removed', updatedAt: now })
      .where(and(eq(storages.hostId, userId), ne(storages.status, 'removed')))
    await tx.delete(savedStorages).where(eq(savedStorages.userId, userId))
    await tx.delete(savedSearches).where(eq(savedSearches.userId, userId))
    await tx.delete(pushJobs).where(eq(pushJobs.userId, userId))
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId))
    await tx.delete(accountTokens).where(eq(accountTokens.userId, userId))
    await tx.delete(userVerifications).where(eq(userVerifications.userId, userId))
    await tx.delete(userBlocks).where(eq(userBlocks.blockerId, userId))
  })
}
