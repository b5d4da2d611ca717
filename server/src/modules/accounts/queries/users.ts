// Reads and writes of accounts; emails compare case-insensitively.
import { randomBytes } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
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
