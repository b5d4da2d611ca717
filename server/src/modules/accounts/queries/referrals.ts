// Reads of a referrer's referrals with the joined user's display name.
import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { referrals } from '../../../db/schema/referrals'
import { users } from '../../../db/schema/users'

export async function listReferrals(db: Db, referrerId: string) {
  return db
    .select({
      id: referrals.id,
      firstName: users.firstName,
      lastName: users.lastName,
      joinedAt: referrals.createdAt,
      status: referrals.status,
      rewardCents: referrals.rewardCents,
      rewardedAt: referrals.rewardedAt,
    })
    .from(referrals)
    .innerJoin(users, eq(users.id, referrals.referredUserId))
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(desc(referrals.createdAt))
    .limit(500)
}
