// Single-use links sent by email (verify an address, reset a password): only the SHA-256 of the random
// token is stored, with the address it was sent to, its expiry and when it was used.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { users } from './users'

export const ACCOUNT_TOKEN_PURPOSES = ['verify-email', 'reset-password'] as const
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number]

export const accountTokens = pgTable(
  'account_tokens',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link went to: a verification only counts while the account still uses it. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('account_tokens_user_idx').on(t.userId, t.purpose)],
)
export type AccountTokenRow = typeof accountTokens.$inferSelect
