// Admin reads and writes of accounts: a searched page, one account's counts, and the state changes
// (deactivate, reactivate, admin flag) each written with its audit entry in one transaction.
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { conversationMembers, conversations } from '../../../db/schema/conversations'
import { sessions } from '../../../db/schema/sessions'
import { storages } from '../../../db/schema/storages'
import { users, type UserRow } from '../../../db/schema/users'

export type UserFilter = 'all' | 'active' | 'deactivated' | 'admins'

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)

export async function searchUsers(
  db: Db,
  opts: { q: string; status: UserFilter; page: number; limit: number; adminEmails: readonly string[] },
): Promise<{ rows: UserRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = []
  const q = opts.q.trim()
  if (q) {
    const like = `%${escapeLike(q)}%`
    conditions.push(or(ilike(users.email, like), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like), eq(users.id, q)))
  }
  if (opts.status === 'active') conditions.push(isNull(users.deactivatedAt))
  if (opts.status === 'deactivated') conditions.push(isNotNull(users.deactivatedAt))
  if (opts.status === 'admins') {
    const byEmail = opts.adminEmails.length
      ? and(
          eq(users.emailVerified, true),
          sql`lower(${users.email}) in (${sql.join(
            opts.adminEmails.map((e) => sql`${e}`),
            sql`, `,
          )})`,
        )
      : undefined
    conditions.push(or(eq(users.isAdmin, true), byEmail))
  }
  const where = and(...conditions)
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: count() }).from(users).where(where),
  ])
  return { rows, total: Number(totalRow?.n ?? 0) }
}

export async function userCounts(db: Db, userId: string) {
  const [[listings], [active], [convos]] = await Promise.all([
    db
      .select({ n: count() })
      .from(storages)
      .where(and(eq(storages.hostId, userId), sql`${storages.status} <> 'removed'`)),
    db
      .select({ n: count() })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`))),
    db.select({ n: count() }).from(conversationMembers).where(eq(conversationMembers.userId, userId)),
  ])
  return { listings: Number(listings?.n ?? 0), activeSessions: Number(active?.n ?? 0), conversations: Number(convos?.n ?? 0) }
}

/** Locks the account row for a state change (two admins acting at once see each other's result). */
export async function lockUser(db: Db, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update').limit(1)
  return row
}

export async function setUserFields(db: Db, id: string, values: Partial<Pick<UserRow, 'deactivatedAt' | 'isAdmin'>>): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
  return row!
}

/** Everyone who shares a conversation with the user. */
export async function conversationPartners(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ low: conversations.userLow, high: conversations.userHigh })
    .from(conversations)
    .where(or(eq(conversations.userLow, userId), eq(conversations.userHigh, userId)))
  return rows.map((r) => (r.low === userId ? r.high : r.low))
}
