// Reads and writes of user_verifications: phone codes (a try is taken atomically before the code is
// compared, so parallel guesses cannot exceed the limit) and the badges shown beside people.
import { and, eq, inArray, isNotNull, lt, sql } from 'drizzle-orm'
import type { Verifications } from '@contract/trust'
import type { Db } from '../../../db/client'
import { userVerifications, type UserVerificationRow } from '../../../db/schema/user-verifications'
import { users } from '../../../db/schema/users'

export async function findVerification(db: Db, userId: string): Promise<UserVerificationRow | undefined> {
  const [row] = await db.select().from(userVerifications).where(eq(userVerifications.userId, userId))
  return row
}

/** A new code for this number replaces any earlier one (and its tries). */
export async function savePhoneCode(db: Db, userId: string, code: { pendingPhone: string; codeHash: string; codeExpiresAt: Date }) {
  const values = { ...code, codeTries: 0, updatedAt: new Date() }
  await db
    .insert(userVerifications)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userVerifications.userId, set: values })
}

/** Counts one try at the current code; undefined when there is no code or its tries are used up. */
export async function takeCodeTry(db: Db, userId: string, maxTries: number): Promise<UserVerificationRow | undefined> {
  const [row] = await db
    .update(userVerifications)
    .set({ codeTries: sql`${userVerifications.codeTries} + 1` })
    .where(and(eq(userVerifications.userId, userId), isNotNull(userVerifications.codeHash), lt(userVerifications.codeTries, maxTries)))
    .returning()
  return row
}

export async function confirmPhone(db: Db, userId: string, phone: string) {
  await db
    .update(userVerifications)
    .set({ phone, phoneVerifiedAt: new Date(), pendingPhone: null, codeHash: null, codeExpiresAt: null, codeTries: 0, updatedAt: new Date() })
    .where(eq(userVerifications.userId, userId))
}

/** Records the Stripe Identity session a user started (its status: pending until a webhook says more). */
export async function saveIdentitySession(db: Db, userId: string, sessionId: string) {
  const values = { identitySessionId: sessionId, identityStatus: 'pending' as const, updatedAt: new Date() }
  await db
    .insert(userVerifications)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userVerifications.userId, set: values })
}

/**
 * Applies a verification session's status from Stripe's verified webhook. Only the user's current session
 * counts, and a verified badge is never taken back by a later event about an older session.
 */
export async function setIdentityStatus(db: Db, sessionId: string, status: 'pending' | 'requires_input' | 'canceled' | 'verified') {
  const [row] = await db
    .update(userVerifications)
    .set({ identityStatus: status, ...(status === 'verified' ? { identityVerifiedAt: new Date() } : {}), updatedAt: new Date() })
    .where(eq(userVerifications.identitySessionId, sessionId))
    .returning({ userId: userVerifications.userId })
  return row?.userId ?? null
}

/** The badges of these users (one query for a page of cards). */
export async function verificationsOf(db: Db, userIds: string[]): Promise<Map<string, Verifications>> {
  const ids = [...new Set(userIds)]
  const map = new Map<string, Verifications>()
  if (ids.length === 0) return map
  const rows = await db
    .select({ id: users.id, email: users.emailVerified, phone: userVerifications.phoneVerifiedAt, idAt: userVerifications.identityVerifiedAt })
    .from(users)
    .leftJoin(userVerifications, eq(userVerifications.userId, users.id))
    .where(inArray(users.id, ids))
  for (const r of rows) map.set(r.id, { email: r.email, phone: r.phone !== null, id: r.idAt !== null })
  return map
}
