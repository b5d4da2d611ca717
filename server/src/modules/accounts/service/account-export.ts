// "Download my data": everything that is the user's own, as one JSON document. The other party of a
// booking or message appears by id and name only; their email only where the one contact rule opens it
// (contact-access.ts), and messages as stored (masked on send by contact-protection.ts). Never another
// user's private fields (phone, address, tax id) and no secrets of the user's own (password hash, tokens).
import { and, asc, eq, isNull, or } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { bookings, ledgerEntries, messages, reviews, savedSearches, savedStorages, storages, users, type UserRow } from '../../../db/schema'
import { maySeeContact } from '../../bookings/service/contact-access'

/** What a renter's money record shows them: what they paid and got back, not the host's share or payouts. */
const RENTER_KINDS: readonly string[] = ['payment', 'refund', 'dispute', 'dispute_closed']

const nameOf = (u: Pick<UserRow, 'firstName' | 'lastName'>) => `${u.firstName} ${u.lastName}`.trim()

export async function exportAccount(db: Db, user: UserRow) {
  const mine = (col: typeof bookings.renterId | typeof bookings.hostId) => eq(col, user.id)
  const [listings, bookingRows, messageRows, reviewRows, saved, ledgerRows, searches] = await Promise.all([
    db.select().from(storages).where(eq(storages.hostId, user.id)).orderBy(asc(storages.createdAt)),
    db
      .select()
      .from(bookings)
      .where(or(mine(bookings.renterId), mine(bookings.hostId)))
      .orderBy(asc(bookings.createdAt)),
    db
      .select({ id: messages.id, senderId: messages.senderId, receiverId: messages.receiverId, content: messages.content, sentAt: messages.createdAt })
      .from(messages)
      .where(and(or(eq(messages.senderId, user.id), eq(messages.receiverId, user.id)), isNull(messages.hiddenAt), eq(messages.isSystem, false)))
      .orderBy(asc(messages.seq)),
    db
      .select({
        id: reviews.id,
        bookingId: reviews.bookingId,
        storageId: reviews.storageId,
        role: reviews.authorRole,
        rating: reviews.rating,
        body: reviews.body,
        response: reviews.response,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .where(eq(reviews.authorId, user.id)),
    db.select({ storageId: savedStorages.storageId, savedAt: savedStorages.createdAt }).from(savedStorages).where(eq(savedStorages.userId, user.id)),
    db
      .select()
      .from(ledgerEntries)
      .where(or(eq(ledgerEntries.hostId, user.id), eq(ledgerEntries.renterId, user.id)))
      .orderBy(asc(ledgerEntries.occurredAt)),
    db
      .select({
        id: savedSearches.id,
        name: savedSearches.name,
        query: savedSearches.query,
        placeLabel: savedSearches.placeLabel,
        alerts: savedSearches.alerts,
        lastAlertAt: savedSearches.lastAlertAt,
        createdAt: savedSearches.createdAt,
      })
      .from(savedSearches)
      .where(eq(savedSearches.userId, user.id))
      .orderBy(asc(savedSearches.createdAt)),
  ])

  // The people the user dealt with: a name for each, an email only where the contact rule opens it.
  const otherIds = new Set<string>()
  for (const b of bookingRows) otherIds.add(b.renterId === user.id ? b.hostId : b.renterId)
  for (const m of messageRows) otherIds.add(m.senderId === user.id ? m.receiverId : m.senderId)
  otherIds.delete(user.id)
  const people: Record<string, { name: string; email?: string }> = {}
  for (const id of otherIds) {
    const [other] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, id))
    if (!other) continue
    people[id] = { name: nameOf(other), ...((await maySeeContact(db, user.id, id)) ? { email: other.email } : {}) }
  }
  const person = (id: string) => ({ id, ...(people[id] ?? { name: '' }) })

  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      businessName: user.businessName,
      businessType: user.businessType,
      website: user.website,
      address: user.address,
      businessAddress: user.businessAddress,
      dateOfBirth: user.dateOfBirth,
      taxId: user.taxId,
      referralCode: user.referralCode,
      signInWithGoogle: Boolean(user.googleSub),
      createdAt: user.createdAt.toISOString(),
    },
    listings,
    bookings: bookingRows.map(({ checkoutSessionId: _c, ...b }) => ({
      ...b,
      role: b.renterId === user.id ? 'renter' : 'host',
      otherParty: person(b.renterId === user.id ? b.hostId : b.renterId),
    })),
    messages: messageRows.map((m) => ({
      ...m,
      direction: m.senderId === user.id ? 'sent' : 'received',
      otherParty: person(m.senderId === user.id ? m.receiverId : m.senderId),
    })),
    reviewsWritten: reviewRows,
    savedListings: saved,
    savedSearches: searches,
    // The user's own side of each money movement; the other side's id only, as the bookings show it.
    ledger: ledgerRows
      .filter((r) => r.hostId === user.id || RENTER_KINDS.includes(r.kind))
      .map((r) => ({
        id: r.id,
        kind: r.kind,
        bookingId: r.bookingId,
        role: r.hostId === user.id ? 'host' : 'renter',
        amountCents: r.amountCents,
        currency: r.currency,
        periodStart: r.periodStart,
        periodEnd: r.periodEnd,
        breakdown: r.breakdown,
        occurredAt: r.occurredAt.toISOString(),
      })),
  }
}
