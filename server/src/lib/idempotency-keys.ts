// Reads and writes of the stored Idempotency-Keys (schema/idempotency-keys.ts).
import { and, eq, isNull, lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import { idempotencyKeys, type IdempotencyKeyRow } from '../db/schema/idempotency-keys'

/** Claims the key for this request; false when the user already used it (the row then says how it went). */
export async function claimIdempotencyKey(db: Db, userId: string, key: string, request: string): Promise<boolean> {
  const rows = await db.insert(idempotencyKeys).values({ userId, key, request }).onConflictDoNothing().returning({ key: idempotencyKeys.key })
  return rows.length > 0
}

export async function findIdempotencyKey(db: Db, userId: string, key: string): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
  return row
}

export async function storeIdempotentAnswer(db: Db, userId: string, key: string, statusCode: number, body: unknown) {
  await db
    .update(idempotencyKeys)
    .set({ statusCode, body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
}

/** The first run failed (nothing changed): the key is free for a retry to run again. */
export async function releaseIdempotencyKey(db: Db, userId: string, key: string) {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.statusCode)))
}

/** Keys older than `before` are forgotten (a queued action is retried within hours, not days). */
export async function forgetIdempotencyKeys(db: Db, before: Date, userId?: string) {
  const old = lt(idempotencyKeys.createdAt, before)
  await db.delete(idempotencyKeys).where(userId ? and(eq(idempotencyKeys.userId, userId), old) : old)
}
