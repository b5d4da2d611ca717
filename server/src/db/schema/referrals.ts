// Who joined through whose referral link, and the state of the reward: one row per referred account
// (the unique referred_user_id), granted at most once (status moves pending → rewarded by one conditional
// update) and at most once per person (the partial unique index on the email key among rewarded rows). A
// reward is revoked (rewarded → revoked) when the booking that earned it is refunded in full.
import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { bookings } from './bookings'
import { users } from './users'

export const REFERRAL_STATUSES = ['pending', 'rewarded', 'not_eligible', 'revoked'] as const
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number]

export const referrals = pgTable(
  'referrals',
  {
    id: id(),
    referrerId: text('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    referredUserId: text('referred_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The referred person's email, normalised (email-key.ts): the same person under another account has the same key. */
    emailKey: text('email_key').notNull(),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull().default('pending'),
    /**
     * Why a referral earns nothing: 'self' (own link) or 'same-person' (an earlier account of the same email);
     * or why its reward was taken back: 'refunded' (the booking that earned it was refunded in full).
     */
    reason: text('reason'),
    rewardCents: integer('reward_cents'),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true, mode: 'date' }),
    /** The confirmed booking that earned the reward: only its full refund takes the reward back. */
    rewardBookingId: text('reward_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referrals_referred_user_idx').on(t.referredUserId),
    index('referrals_referrer_idx').on(t.referrerId, t.createdAt),
    uniqueIndex('referrals_rewarded_person_idx')
      .on(t.emailKey)
      .where(sql`status = 'rewarded'`),
  ],
)
export type ReferralRow = typeof referrals.$inferSelect
