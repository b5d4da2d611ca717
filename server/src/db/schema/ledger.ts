// The money ledger: one append-only row per movement of money Stripe reports in a verified webhook
// (or the payments sandbox's same events). Rows are never updated or deleted: migration 0023 adds a
// trigger that refuses UPDATE, DELETE and TRUNCATE. Each Stripe object is recorded once per kind, so a
// replayed or duplicated event changes nothing. Every money figure the app shows is read from here.
import { date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'

/**
 * payment: a charge that succeeded (a checkout, or a subscription invoice's charge); refund: money back
 * to the renter; application_fee / application_fee_refund: the platform's share and its return;
 * transfer / transfer_reversal: the host's share moved to (or back from) their connected account;
 * payout: the host's connected account paid out to their bank; dispute / dispute_closed: a chargeback
 * opened by the renter's bank and its outcome (details.status 'won' | 'lost').
 */
export const LEDGER_KINDS = [
  'payment',
  'refund',
  'application_fee',
  'application_fee_refund',
  'transfer',
  'transfer_reversal',
  'payout',
  'dispute',
  'dispute_closed',
] as const
export type LedgerKind = (typeof LEDGER_KINDS)[number]

/** What a payment paid for, in cents of its currency (taxCents only when a tax line is configured). */
export interface LedgerBreakdown {
  rentCents: number
  serviceFeeCents: number
  protectionCents: number
  taxCents?: number
}

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: id(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    /** The Stripe object this row records (ch_…, re_…, fee_…, fr_…, tr_…, trr_…, po_…, dp_…). */
    stripeObjectId: text('stripe_object_id').notNull(),
    /** The verified event that wrote the row. */
    stripeEventId: text('stripe_event_id').notNull(),
    /** The charge the row belongs to (a payment's own id); null for payouts. */
    chargeId: text('charge_id'),
    invoiceId: text('invoice_id'),
    /** No foreign keys: the ledger outlives every other row and is never cascaded away. */
    bookingId: text('booking_id'),
    hostId: text('host_id'),
    renterId: text('renter_id'),
    /** Always positive: the size of the movement; its direction is the kind's. */
    amountCents: integer('amount_cents').notNull(),
    /** ISO 4217, upper case ('CAD'), as bookings store it. */
    currency: text('currency').notNull(),
    /** For a payment: the period it pays for (inclusive days). */
    periodStart: date('period_start', { mode: 'string' }),
    periodEnd: date('period_end', { mode: 'string' }),
    breakdown: jsonb('breakdown').$type<LedgerBreakdown | null>(),
    /** Anything else Stripe said that a screen needs (a dispute's reason and status, a payout's arrival date). */
    details: jsonb('details').$type<Record<string, unknown> | null>(),
    /** When the movement happened at Stripe (the object's `created`). */
    occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' }).notNull(),
    recordedAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ledger_entries_object_idx').on(t.kind, t.stripeObjectId),
    index('ledger_entries_booking_idx').on(t.bookingId, t.occurredAt),
    index('ledger_entries_host_idx').on(t.hostId, t.occurredAt),
    index('ledger_entries_renter_idx').on(t.renterId, t.occurredAt),
    index('ledger_entries_charge_idx').on(t.chargeId),
  ],
)
export type LedgerRow = typeof ledgerEntries.$inferSelect
export type NewLedgerRow = typeof ledgerEntries.$inferInsert
