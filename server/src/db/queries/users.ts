// Reads and writes of accounts; emails compare case-insensitively.
import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { isUniqueViolation } from '../errors'
import { users, type NewUserRow, type UserRow } from '../schema/users'

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1)
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
    return row
  } catch (err) {
    if (isUniqueViolation(err)) return undefined
    throw err
  }
}

/** Hosts are users who have listed; the storages feature answers this once it exists. */
export type HostCheck = (db: Db, userId: string) => Promise<boolean>
