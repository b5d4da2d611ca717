// Referral rules. Joining through someone's link records a referral; its reward (REFERRAL_REWARD_CENTS)
// is granted once, when the referred user's first booking is confirmed, and never for the referrer's own
// second account (self-referral) or for a person who already has a verified account (same email key).
// A full refund of the booking that earned it takes it back (a later paid booking may earn it again).
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { isUniqueViolation } from '../../../db/errors'
import { referrals, type ReferralRow } from '../../../db/schema/referrals'
import { users, type UserRow } from '../../../db/schema/users'
import { emailKey, emailKeySql } from './email-key'

export const DEFAULT_REFERRAL_REWARD_CENTS = 2000

/** REFERRAL_REWARD_CENTS, read when no amount is passed (the server passes its config's). */
export function referralRewardCents(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.REFERRAL_REWARD_CENTS
  const n = raw === undefined || raw === '' ? DEFAULT_REFERRAL_REWARD_CENTS : Number(raw)
  if (!Number.isInteger(n) || n < 0) throw new Error(`REFERRAL_REWARD_CENTS must be a whole number of cents (got '${raw}')`)
  return n
}

export const findReferrerByCode = async (db: Db, code: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(eq(users.referralCode, code.trim().toUpperCase())).limit(1))[0]

/**
 * Records that `referred` joined through `referrer`'s link. One with the same email key as the referrer
 * is their own second account: recorded, but never rewarded.
 */
export async function recordReferral(db: Db, referrer: UserRow, referred: UserRow): Promise<ReferralRow | undefined> {
  const key = emailKey(referred.email)
  const self = referrer.id === referred.id || emailKey(referrer.email) === key
  const rows = await db
    .insert(referrals)
    .values({ referrerId: referrer.id, referredUserId: referred.id, emailKey: key, ...(self ? { status: 'not_eligible' as const, reason: 'self' } : {}) })
    .onConflictDoNothing()
    .returning()
  return rows[0]
}

export type GrantResult =
  | { granted: true; referralId: string; referrerId: string; rewardCents: number }
  | { granted: false; reason: 'no-referral' | 'already-rewarded' | 'not-eligible' | 'email-not-verified' }

/** A referral whose reward may still be granted: never rewarded, or rewarded for a booking since refunded. */
const OPEN = ['pending', 'revoked'] as const

async function markNotEligible(tx: Db, id: string, reason: 'self' | 'same-person'): Promise<GrantResult> {
  await tx
    .update(referrals)
    .set({ status: 'not_eligible', reason })
    .where(and(eq(referrals.id, id), inArray(referrals.status, OPEN)))
  return { granted: false, reason: 'not-eligible' }
}

/**
 * Grants the referrer's reward for `referredUserId`, if any is due. Call it inside the transaction that
 * confirms a booking, on every confirmation: only the first one that finds the referral pending grants
 * it. Racing calls are safe: the grant is one conditional UPDATE (pending → rewarded), so the second
 * waits for the first's row lock and then matches nothing; the partial unique index on the email key
 * stops two accounts of one person both being rewarded. The grant runs in a savepoint so that losing
 * that race never aborts the caller's transaction.
 */
export async function grantReferralReward(tx: Db, referredUserId: string, opts: { rewardCents?: number; bookingId?: string } = {}): Promise<GrantResult> {
  const rewardCents = opts.rewardCents ?? referralRewardCents()
  const [referral] = await tx.select().from(referrals).where(eq(referrals.referredUserId, referredUserId)).limit(1)
  if (!referral) return { granted: false, reason: 'no-referral' }
  if (referral.status === 'rewarded') return { granted: false, reason: 'already-rewarded' }
  if (referral.status === 'not_eligible') return { granted: false, reason: 'not-eligible' }

  const [referred] = await tx.select().from(users).where(eq(users.id, referredUserId)).limit(1)
  const [referrer] = await tx.select().from(users).where(eq(users.id, referral.referrerId)).limit(1)
  if (!referred || !referrer) return { granted: false, reason: 'no-referral' }
  // A person is known by a verified address; until then the referral waits (a later confirmation grants it).
  if (!referred.emailVerified) return { granted: false, reason: 'email-not-verified' }
  const key = emailKey(referred.email)
  if (emailKey(referrer.email) === key) return markNotEligible(tx, referral.id, 'self')
  const [twin] = await tx
    .select({ id: users.id })
    .from(users)
    // An earlier verified account of the same person: this one is their second. (A later one doesn't
    // take the reward away from the first.)
    .where(and(ne(users.id, referredUserId), eq(users.emailVerified, true), lt(users.createdAt, referred.createdAt), sql`${emailKeySql(users.email)} = ${key}`))
    .limit(1)
  if (twin) return markNotEligible(tx, referral.id, twin.id === referrer.id ? 'self' : 'same-person')

  try {
    const granted = await tx.transaction(async (sp) =>
      sp
        .update(referrals)
        .set({ status: 'rewarded', reason: null, emailKey: key, rewardCents, rewardedAt: new Date(), rewardBookingId: opts.bookingId ?? null, revokedAt: null })
        .where(and(eq(referrals.id, referral.id), inArray(referrals.status, OPEN)))
        .returning({ id: referrals.id }),
    )
    if (granted.length === 0) return { granted: false, reason: 'already-rewarded' }
    return { granted: true, referralId: referral.id, referrerId: referral.referrerId, rewardCents }
  } catch (err) {
    if (isUniqueViolation(err)) return markNotEligible(tx, referral.id, 'same-person')
    throw err
  }
}

/**
 * Takes back the reward earned by `bookingId`, now refunded in full. Exact (only the referral that this
 * booking rewarded) and idempotent (one conditional UPDATE rewarded → revoked: a replayed refund finds
 * nothing to change). Returns whether a reward was taken back.
 */
export async function revokeReferralReward(tx: Db, bookingId: string): Promise<boolean> {
  const rows = await tx
    .update(referrals)
    .set({ status: 'revoked', reason: 'refunded', revokedAt: new Date() })
    .where(and(eq(referrals.rewardBookingId, bookingId), eq(referrals.status, 'rewarded')))
    .returning({ id: referrals.id })
  return rows.length > 0
}

/** A booking's money has all come back (nothing paid is not a refund). */
export const refundedInFull = (b: { paidCents: number; refundedCents: number }) => b.paidCents > 0 && b.refundedCents >= b.paidCents

export { listReferrals } from '../queries/referrals'
