// Bookings: a renter's stay in a host's storage, from request (or offer) to payment, use and end. The
// lifecycle is contract/booking-process.ts, applied by modules/bookings/service/process.ts; this table only holds
// where each booking is.
import { sql } from 'drizzle-orm'
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { BOOKING_STATES, type BookingState } from '@contract/booking-process'
import { createdAt, id, updatedAt } from './columns'
import { storages } from './storages'
import { users } from './users'

// The states are the shared process's list (a text column holding one of them).
export { BOOKING_STATES, type BookingState }

/** One payment of a stay: its day, the days it pays for (null: a full month) and its parts. */
export interface ScheduledPayment {
  date: string
  days: number | null
  baseCents: number
  serviceFeeCents: number
  protectionCents: number
  cents: number
}

/** Every figure of a booking's price, in integer cents of the listing's currency (computed on the server). */
export interface BookingQuoteValue {
  kind: 'short' | 'monthly'
  days: number | null
  monthlyCents: number
  baseCents: number
  serviceFeeCents: number
  protectionCents: number
  firstPaymentCents: number
  recurringCents: number
  platformFeePercent: number
  /**
   * Every payment of a stay with an end date (the last period pro-rated); the first alone for an open-ended
   * one. Missing in rows written before schedules were kept (withSchedule works it out again).
   */
  payments?: ScheduledPayment[]
  /** What the whole stay costs; null for an open-ended one. Missing in older rows, like `payments`. */
  totalCents?: number | null
}

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    storageId: text('storage_id')
      .notNull()
      .references(() => storages.id, { onDelete: 'cascade' }),
    renterId: text('renter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hostId: text('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: BOOKING_STATES }).notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    /** Null: monthly until cancelled. */
    endDate: date('end_date', { mode: 'string' }),
    note: text('note').notNull().default(''),
    /** What the renter means to store, as search's `fit` encodes it ("box_medium:20,sofa:1", contract/fit.ts); null if not said. */
    items: text('items'),
    currency: text('currency').notNull(),
    /** The listing's monthly price when asked. */
    listMonthlyCents: integer('list_monthly_cents').notNull(),
    /** The renter's proposed monthly price (an offer), and the host's one counter. */
    offerCents: integer('offer_cents'),
    counterCents: integer('counter_cents'),
    protection: boolean('protection').notNull().default(false),
    /** Opened by Instant Book: accepted at once by the listing's rules, confirmed on payment with no host answer. */
    instant: boolean('instant').notNull().default(false),
    /** The price agreed so far (recomputed when an offer or counter is accepted). */
    quote: jsonb('quote').$type<BookingQuoteValue>().notNull(),
    /** An unanswered request, offer or counter expires at this time (48 h). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    checkoutSessionId: text('checkout_session_id'),
    subscriptionId: text('subscription_id'),
    paymentIntentId: text('payment_intent_id'),
    paidCents: integer('paid_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** The last day covered by what the renter has paid. */
    paidThrough: date('paid_through', { mode: 'string' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true, mode: 'date' }),
    cancelledBy: text('cancelled_by'),
    // A renewal Stripe could not charge (modules/bookings/service/renewals.ts): when it first failed (null: paid up),
    // its invoice, the attempts so far, and Stripe's next retry (null: none left). invoice.paid clears them.
    paymentFailedAt: timestamp('payment_failed_at', { withTimezone: true, mode: 'date' }),
    lateInvoiceId: text('late_invoice_id'),
    paymentAttempts: integer('payment_attempts').notNull().default(0),
    nextPaymentAttemptAt: timestamp('next_payment_attempt_at', { withTimezone: true, mode: 'date' }),
    /** Who set the last day of a running rental ('renter' move-out, 'host' 30 days, 'unpaid' last retry failed) and when. */
    noticeBy: text('notice_by'),
    noticeAt: timestamp('notice_at', { withTimezone: true, mode: 'date' }),
    /** The host said the space is clear after the move-out (48 h of silence count as clear, on read). */
    spaceClearedAt: timestamp('space_cleared_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_storage_idx').on(t.storageId, t.state),
    // Search by dates (modules/listings/queries/storage-search.ts freeForStay): a listing's stays holding its space, by
    // start; migration 0036 adds INCLUDE (end_date, state, expires_at), so the probe reads no booking row.
    index('bookings_holding_idx')
      .on(t.storageId, t.startDate)
      .where(sql`state in ('accepted', 'confirmed', 'active')`),
    index('bookings_renter_idx').on(t.renterId, t.createdAt),
    index('bookings_host_idx').on(t.hostId, t.createdAt),
    // Contact protection's probe: has this pair a confirmed booking (modules/messaging/service/contact-protection.ts).
    index('bookings_confirmed_pair_idx')
      .on(t.renterId, t.hostId)
      .where(sql`confirmed_at is not null`),
    index('bookings_checkout_session_idx')
      .on(t.checkoutSessionId)
      .where(sql`checkout_session_id is not null`),
  ],
)
export type BookingRow = typeof bookings.$inferSelect
export type NewBookingRow = typeof bookings.$inferInsert
