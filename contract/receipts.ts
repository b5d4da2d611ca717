// Receipts (one per payment in the money ledger) and hosts' monthly statements, shared by the browser and
// the API. Money is integer cents of the row's currency (ISO 4217, upper case), computed only on the
// server; days are 'YYYY-MM-DD', months 'YYYY-MM', instants ISO strings (UTC).
import { z } from './zod'

const cents = z.number().int()
const Person = z.object({ firstName: z.string(), lastName: z.string() })

/** A receipt's id is its payment's ledger row id (a uuid). */
export const ReceiptParamsSchema = z.object({ receiptId: z.uuid({ message: 'This receipt number is not valid.' }) })
export const BookingReceiptsParamsSchema = z.object({ id: z.uuid({ message: 'This booking number is not valid.' }) })
export const STATEMENT_MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
/** Statements cover months from 2000 up to next month: a month past year 9999 is no date the database can hold. */
export const FIRST_STATEMENT_MONTH = '2000-01'
const nextMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 7)
export const StatementParamsSchema = z.object({
  month: z
    .string()
    .regex(STATEMENT_MONTH, { message: 'Give the month as YYYY-MM.' })
    .refine((m) => m >= FIRST_STATEMENT_MONTH && m <= nextMonth(new Date()), { message: 'Give a month from 2000-01 to next month.' }),
})

export const ReceiptRefundSchema = z.object({ date: z.string(), amountCents: cents })

export const ReceiptSchema = z.object({
  id: z.string(),
  /** Short and stable, printed on the receipt: 'NS-' and the first ten hex digits of the payment's row id. */
  number: z.string(),
  /** Who is reading: a host sees the renter's name only. */
  viewerRole: z.enum(['renter', 'host', 'admin']),
  booking: z.object({
    id: z.string().nullable(),
    storage: z.object({ title: z.string(), city: z.string() }).nullable(),
    host: Person.nullable(),
    renter: Person.nullable(),
  }),
  currency: z.string(),
  /** When the charge succeeded. */
  paidAt: z.string(),
  /** The days the payment pays for (inclusive); null when the ledger did not record them. */
  period: z.object({ start: z.string(), end: z.string() }).nullable(),
  rentCents: cents,
  serviceFeeCents: cents,
  protectionCents: cents,
  /** Only when a tax line is configured (null: no tax line is printed). */
  taxCents: cents.nullable(),
  totalCents: cents,
  /** Every refund against this charge, oldest first. */
  refunds: z.array(ReceiptRefundSchema),
  refundedCents: cents,
  /** What the renter paid in the end: the total less the refunds. */
  netCents: cents,
  issuer: z.object({ name: z.string(), website: z.string(), email: z.string() }),
})
export type Receipt = z.infer<typeof ReceiptSchema>

export const ReceiptSummarySchema = ReceiptSchema.pick({
  id: true,
  number: true,
  currency: true,
  paidAt: true,
  period: true,
  totalCents: true,
  refundedCents: true,
  netCents: true,
})
export type ReceiptSummary = z.infer<typeof ReceiptSummarySchema>

export const BookingReceiptsSchema = z.object({
  bookingId: z.string(),
  storage: z.object({ title: z.string(), city: z.string() }),
  /** Newest first. */
  receipts: z.array(ReceiptSummarySchema),
})
export type BookingReceipts = z.infer<typeof BookingReceiptsSchema>

/** One charge's share for the host in the month: what moved that month, in the charge's currency. */
export const StatementLineSchema = z.object({
  receiptId: z.string(),
  bookingId: z.string().nullable(),
  storageTitle: z.string().nullable(),
  renter: Person.nullable(),
  currency: z.string(),
  /** The charge's day (it may be an earlier month when only a refund of it falls in this one). */
  paidAt: z.string(),
  period: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** The payment, when it was made this month (else 0). */
  paymentCents: cents,
  /** Nookshare's fee taken this month, less any fee returned this month. */
  feeCents: cents,
  /** Refunds to the renter this month. */
  refundCents: cents,
  /** The host's share: payment − refunds − fee (Nookshare's fee less what it returned with refunds). */
  hostCents: cents,
})
export type StatementLine = z.infer<typeof StatementLineSchema>

export const StatementMovementSchema = z.object({ date: z.string(), amountCents: cents, currency: z.string(), reference: z.string() })

export const StatementTotalSchema = z.object({
  currency: z.string(),
  paymentCents: cents,
  feeCents: cents,
  refundCents: cents,
  hostCents: cents,
  transferredCents: cents,
  paidOutCents: cents,
})
export type StatementTotal = z.infer<typeof StatementTotalSchema>

export const StatementSchema = z.object({
  month: z.string(),
  host: Person,
  lines: z.array(StatementLineSchema),
  /** Moved to the host's Stripe account (reversals are negative). */
  transfers: z.array(StatementMovementSchema),
  /** Paid out from the host's Stripe account to their bank. */
  payouts: z.array(StatementMovementSchema),
  /** One per currency, alphabetical. */
  totals: z.array(StatementTotalSchema),
  issuer: ReceiptSchema.shape.issuer,
})
export type Statement = z.infer<typeof StatementSchema>

export const StatementMonthsSchema = z.object({
  /** Newest first; each with the host's share that month per currency. */
  months: z.array(z.object({ month: z.string(), totals: z.array(z.object({ currency: z.string(), hostCents: cents, paidOutCents: cents })) })),
})
export type StatementMonths = z.infer<typeof StatementMonthsSchema>
