// Reads and writes of accounts; emails compare case-insensitively.
import { randomBytes } from 'node:crypto'
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm'
import { userChanged } from '../../../db/change-feed'
import type { Db } from '../../../db/client'
import { isUniqueViolation } from '../../../db/errors'
import { users, type NewUserRow, type UserRow } from '../../../db/schema/users'

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  return row
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row
}

export const newReferralCode = () => randomBytes(5).toString('hex').toUpperCase()

/** Inserts a user; returns undefined when the email is already taken (unique index on lower(email)). */
export async function insertUser(db: Db, values: Omit<NewUserRow, 'referralCode'>): Promise<UserRow | undefined> {
  const rows = await db
    .insert(users)
    .values({ ...values, referralCode: newReferralCode() })
    .onConflictDoNothing()
    .returning()
  return rows[0]
}

/** Updates a user; returns undefined when a changed email collides with another account. */
export async function updateUser(db: Db, id: string, values: Partial<NewUserRow>): Promise<UserRow | undefined> {
  try {
    const [row] = await db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning()
    // Names and emails show in others' conversations; the session cache holds the row.
    await userChanged(db, id)
    return row
  } catch (err) {
    if (isUniqueViolation(err)) return undefined
    throw err
  }
}

/** Hosts are users who have listed; the storages feature answers this once it exists. */
export type HostCheck = (db: Db, userId: string) => Promise<boolean>

/** Marks the email verified only if the account still uses the address the link was sent to. */
export async function markEmailVerified(db: Db, id: string, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(users.id, id), sql`lower(${users.email}) = ${email.toLowerCase()}`))
    .returning()
  if (row) await userChanged(db, id)
  return row
}

/** The account signed in with this Google subject, locked for the transaction linking or creating it. */
export async function lockUserByGoogleSub(db: Db, sub: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.googleSub, sub)).for('update').limit(1)
  return row
}

/** Links a Google subject to an account, its email now verified; a takeover also drops the password. */
export async function linkGoogleSub(db: Db, id: string, sub: string, takeover: boolean): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ googleSub: sub, emailVerified: true, ...(takeover ? { passwordHash: '' } : {}), updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
  return row
}

/** The oldest active administrator: by the flag, or a verified address among ADMIN_EMAILS. */
export async function oldestActiveAdmin(db: Db, adminEmails: string[]) {
  const byEmail = adminEmails.length
    ? and(
        eq(users.emailVerified, true),
        inArray(
          sql`lower(${users.email})`,
          adminEmails.map((e) => e.toLowerCase()),
        ),
      )
    : undefined
  const [agent] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(or(eq(users.isAdmin, true), byEmail), isNull(users.deactivatedAt)))
    .orderBy(asc(users.createdAt))
    .limit(1)
  return agent
}
