// Emailed single-use links: issue, and use at most once (an atomic update, so two clicks cannot both win).
import { and, eq, gt, isNull, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { accountTokens, type AccountTokenPurpose, type AccountTokenRow } from '../../../db/schema/account-tokens'

export async function insertAccountToken(db: Db, values: { userId: string; purpose: AccountTokenPurpose; tokenHash: string; email: string; expiresAt: Date }) {
  await db.insert(accountTokens).values(values)
}

export type UseTokenResult = { ok: true; token: AccountTokenRow } | { ok: false; reason: 'unknown' | 'used' | 'expired' }

/** Marks the token used if it is unused and unexpired; otherwise says why not. */
export async function useAccountToken(db: Db, purpose: AccountTokenPurpose, tokenHash: string): Promise<UseTokenResult> {
  const [used] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt), gt(accountTokens.expiresAt, sql`now()`)),
    )
    .returning()
  if (used) return { ok: true, token: used }
  return peekAccountToken(db, purpose, tokenHash)
}

/** Whether the token could be used now, without using it. */
export async function peekAccountToken(db: Db, purpose: AccountTokenPurpose, tokenHash: string): Promise<UseTokenResult> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
    .limit(1)
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.usedAt) return { ok: false, reason: 'used' }
  if (row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: 'expired' }
  return { ok: true, token: row }
}

/** Ends every unused link of this kind for the user (a newer link, a reset done, the email changed). */
export async function discardAccountTokens(db: Db, userId: string, purpose: AccountTokenPurpose) {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.purpose, purpose), isNull(accountTokens.usedAt)))
}
