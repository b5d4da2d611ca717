// Accounts: every user can rent; hosting comes from listing; admin is a flag.
import { sql } from 'drizzle-orm'
import { boolean, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'

export type AddressValue = { street: string; city: string; state: string; zipCode: string; country: string }
export const emptyAddress = (): AddressValue => ({ street: '', city: '', state: '', zipCode: '', country: '' })

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    phone: text('phone').notNull().default(''),
    businessName: text('business_name').notNull().default(''),
    businessType: text('business_type', { enum: ['individual', 'company'] })
      .notNull()
      .default('individual'),
    website: text('website').notNull().default(''),
    address: jsonb('address')
      .$type<AddressValue>()
      .notNull()
      .default(sql`'{"street":"","city":"","state":"","zipCode":"","country":""}'::jsonb`),
    businessAddress: jsonb('business_address')
      .$type<AddressValue>()
      .notNull()
      .default(sql`'{"street":"","city":"","state":"","zipCode":"","country":""}'::jsonb`),
    dateOfBirth: text('date_of_birth').notNull().default(''),
    taxId: text('tax_id').notNull().default(''),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** The owner proved the current email is theirs (a link sent to it); ADMIN_EMAILS counts only then. */
    emailVerified: boolean('email_verified').notNull().default(false),
    signupSource: text('signup_source'),
    referralCode: text('referral_code').notNull(),
    referredBy: text('referred_by'),
    /** The Google account (its `sub`) linked by signing in with Google. */
    googleSub: text('google_sub'),
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    uniqueIndex('users_referral_code_idx').on(t.referralCode),
    uniqueIndex('users_google_sub_idx').on(t.googleSub),
  ],
)
export type UserRow = typeof users.$inferSelect
export type NewUserRow = typeof users.$inferInsert
