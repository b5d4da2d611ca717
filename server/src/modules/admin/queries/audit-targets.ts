// Names for the audit log: each entry's admin and target as a person reads them (a user's name, a listing's
// title and host, a post's title, a conversation's two people, an email's subject), in one query per kind.
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { blogPosts } from '../../../db/schema/blog'
import { bookings } from '../../../db/schema/bookings'
import { conversations } from '../../../db/schema/conversations'
import { emailOutbox } from '../../../db/schema/email-outbox'
import { storages } from '../../../db/schema/storages'
import { users } from '../../../db/schema/users'
import type { AdminAuditRow } from '../../../db/schema/admin-audit-log'

export interface AuditTarget {
  name: string
  detail: string | null
}

const fullName = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName}`.trim() || u.email
const idsOf = (rows: AdminAuditRow[], type: string) => [...new Set(rows.filter((r) => r.targetType === type).map((r) => r.targetId))]

export async function auditNames(db: Db, rows: AdminAuditRow[]) {
  const listingIds = idsOf(rows, 'storage')
  const listings = listingIds.length
    ? await db.select({ id: storages.id, title: storages.title, hostId: storages.hostId }).from(storages).where(inArray(storages.id, listingIds))
    : []
  const pairIds = idsOf(rows, 'conversation')
  const pairs = pairIds.length
    ? await db
        .select({ id: conversations.id, a: conversations.userLow, b: conversations.userHigh })
        .from(conversations)
        .where(inArray(conversations.id, pairIds))
    : []
  const postIds = idsOf(rows, 'blog_post')
  const posts = postIds.length ? await db.select({ id: blogPosts.id, title: blogPosts.title }).from(blogPosts).where(inArray(blogPosts.id, postIds)) : []
  const emailIds = idsOf(rows, 'email')
  const emails = emailIds.length
    ? await db.select({ id: emailOutbox.id, subject: emailOutbox.subject, to: emailOutbox.to }).from(emailOutbox).where(inArray(emailOutbox.id, emailIds))
    : []
  const bookingIds = idsOf(rows, 'booking')
  const booked = bookingIds.length
    ? await db
        .select({ id: bookings.id, title: storages.title, renterId: bookings.renterId, hostId: bookings.hostId })
        .from(bookings)
        .innerJoin(storages, eq(storages.id, bookings.storageId))
        .where(inArray(bookings.id, bookingIds))
    : []
  const personIds = [
    ...new Set([
      ...rows.map((r) => r.adminId),
      ...idsOf(rows, 'user'),
      ...listings.map((l) => l.hostId),
      ...pairs.flatMap((p) => [p.a, p.b]),
      ...booked.flatMap((b) => [b.renterId, b.hostId]),
    ]),
  ]
  const people = new Map(
    (personIds.length
      ? await db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, personIds))
      : []
    ).map((u) => [u.id, fullName(u)]),
  )
  const targets = new Map<string, AuditTarget>()
  for (const l of listings) targets.set(l.id, { name: l.title || 'Untitled listing', detail: people.get(l.hostId) ?? null })
  for (const p of pairs) targets.set(p.id, { name: `${people.get(p.a) ?? 'a deleted user'} and ${people.get(p.b) ?? 'a deleted user'}`, detail: null })
  for (const p of posts) targets.set(p.id, { name: p.title, detail: null })
  for (const e of emails) targets.set(e.id, { name: e.subject, detail: `to ${e.to}` })
  for (const b of booked)
    targets.set(b.id, {
      name: b.title || 'Untitled listing',
      detail: `${people.get(b.renterId) ?? 'a deleted user'} renting from ${people.get(b.hostId) ?? 'a deleted user'}`,
    })
  for (const id of idsOf(rows, 'user')) {
    const name = people.get(id)
    if (name) targets.set(id, { name, detail: null })
  }
  return {
    adminName: (r: AdminAuditRow) => people.get(r.adminId) ?? r.adminEmail,
    target: (r: AdminAuditRow): AuditTarget | null => targets.get(r.targetId) ?? null,
  }
}
