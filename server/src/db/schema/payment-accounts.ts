// A host's Stripe connected account: one per host (the primary key), and the last state Stripe told us.
import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { users } from './users'

/** The account's requirement lists as Stripe reports them (field names like 'individual.dob.day'). */
export type AccountRequirements = { currentlyDue: string[]; pastDue: string[]; eventuallyDue: string[]; disabledReason: string | null }
/** What Stripe says of a connected account, as the table keeps it. */
export interface AccountState {
  detailsSubmitted: boolean
  chargesEnabled: boolean
  payoutsEnabled: boolean
  requirements: AccountRequirements
}

export const paymentAccounts = pgTable('payment_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Null only inside the transaction that claims the row and creates the account. */
  stripeAccountId: text('stripe_account_id').unique(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  payoutsEnabled: boolean('payouts_enabled').notNull().default(false),
  requirements: jsonb('requirements')
    .$type<AccountRequirements>()
    .notNull()
    .default({ currentlyDue: [], pastDue: [], eventuallyDue: [], disabledReason: null }),
  /** When Stripe's data behind the stored state was current: an older webhook event must not overwrite it. */
  stateAsOf: timestamp('state_as_of', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  /** The setup-complete confirmation goes out once per host. */
  verificationEmailSentAt: timestamp('verification_email_sent_at', { withTimezone: true, mode: 'date' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
})
export type PaymentAccountRow = typeof paymentAccounts.$inferSelect
