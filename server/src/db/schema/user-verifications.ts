// What a user proved beyond their email: a phone number (a texted code) and an ID (Stripe Identity).
// One row per user, created on their first attempt. The ID badge is written only by Stripe's verified
// webhook (modules/safety/events/identity-events.ts).
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { updatedAt } from './columns'
import { users } from './users'

export const userVerifications = pgTable(
  'user_verifications',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The verified number (E.164), set when a code sent to it was entered. */
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true, mode: 'date' }),
    /** The number a code was last sent to, the code's hash, its expiry and the wrong tries so far. */
    pendingPhone: text('pending_phone'),
    codeHash: text('code_hash'),
    codeExpiresAt: timestamp('code_expires_at', { withTimezone: true, mode: 'date' }),
    codeTries: integer('code_tries').notNull().default(0),
    /** The latest Stripe Identity verification session and its status as Stripe's webhooks told it. */
    identitySessionId: text('identity_session_id'),
    identityStatus: text('identity_status', { enum: ['pending', 'requires_input', 'canceled', 'verified'] }),
    identityVerifiedAt: timestamp('identity_verified_at', { withTimezone: true, mode: 'date' }),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('user_verifications_identity_session_idx').on(t.identitySessionId)],
)
export type UserVerificationRow = typeof userVerifications.$inferSelect
