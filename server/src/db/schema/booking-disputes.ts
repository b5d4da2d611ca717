// A chargeback on a booking's payment: one row per Stripe dispute (dp_…), written only from Stripe's
// verified charge.dispute.* events (or the sandbox's same events). The booking is "disputed" while a row
// for it is open; the row keeps the latest status Stripe reported and when its evidence is due.
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns'
import { bookings } from './bookings'

export const bookingDisputes = pgTable(
  'booking_disputes',
  {
    /** Stripe's dispute id: the same dispute is recorded once, whichever of its events arrives first. */
    id: text('id').primaryKey(),
    bookingId: text('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    chargeId: text('charge_id'),
    paymentIntentId: text('payment_intent_id'),
    amountCents: integer('amount_cents').notNull(),
    /** ISO 4217, upper case, as bookings store it. */
    currency: text('currency').notNull(),
    /** Stripe's reason code (fraudulent, product_not_received, …). */
    reason: text('reason').notNull(),
    /** Stripe's status: warning_needs_response, needs_response, under_review, won, lost, warning_closed, … */
    status: text('status').notNull(),
    /** The last moment evidence is accepted (evidence_details.due_by). */
    dueBy: timestamp('due_by', { withTimezone: true, mode: 'date' }),
    /** When the renter's bank opened it (the dispute's `created`). */
    openedAt: timestamp('opened_at', { withTimezone: true, mode: 'date' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    /** When an admin marked the evidence as sent to the bank (from the Stripe dashboard); null until then. */
    evidenceSubmittedAt: timestamp('evidence_submitted_at', { withTimezone: true, mode: 'date' }),
    /** The `created` of the event that last wrote the row: an older event arriving late changes nothing. */
    eventAt: timestamp('event_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('booking_disputes_booking_idx').on(t.bookingId, t.openedAt), index('booking_disputes_status_idx').on(t.status)],
)
export type BookingDisputeRow = typeof bookingDisputes.$inferSelect
export type NewBookingDisputeRow = typeof bookingDisputes.$inferInsert
