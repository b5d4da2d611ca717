// The dashboards' figures (GET /dashboard/host, GET /dashboard/storee), shared by the browser and the API.
// Money is integer cents, computed only on the server; months are 'YYYY-MM', days 'YYYY-MM-DD' (UTC).
import { z } from './zod'
import { BOOKING_STATES } from './booking'

const cents = z.number().int()
const Party = z.object({ id: z.string(), firstName: z.string(), lastName: z.string() })
const StorageRef = z.object({ id: z.string(), title: z.string(), city: z.string() })
/** A payment still to come: the day it is due and its amount (for a host, what the host receives of it). */
const NextPayment = z.object({ date: z.string(), cents }).nullable()

export const HostRentalSchema = z.object({
  bookingId: z.string(),
  state: z.enum(BOOKING_STATES),
  /** Started (the start day has come) or still to come. */
  phase: z.enum(['awaiting-payment', 'upcoming', 'active']),
  storage: StorageRef,
  renter: Party,
  startDate: z.string(),
  endDate: z.string().nullable(),
  /** The booking's currency (nextPayment is in it). */
  currency: z.string(),
  nextPayment: NextPayment,
  /** A renewal Stripe could not charge: Stripe's next retry (null: none left). Absent or null: paid up. */
  paymentLate: z.object({ nextRetryAt: z.string().nullable() }).nullable().optional(),
})
export type HostRental = z.infer<typeof HostRentalSchema>

export const HostListingSchema = z.object({
  id: z.string(),
  title: z.string(),
  city: z.string(),
  status: z.enum(['draft', 'active', 'paused', 'removed']),
  /** Unpublished by an admin (and why): the host cannot publish it until an admin lifts the hold. */
  heldByAdmin: z.boolean(),
  holdReason: z.string().nullable(),
  priceCents: z.number().int().nullable(),
  currency: z.string(),
  /** How often the listing's page was opened by others. */
  views: z.number().int(),
  /** Every request and offer the listing has received, and those still waiting for an answer. */
  requests: z.number().int(),
  openRequests: z.number().int(),
})
export type HostListing = z.infer<typeof HostListingSchema>

export const EarningsMonthSchema = z.object({ month: z.string(), cents })
export type EarningsMonth = z.infer<typeof EarningsMonthSchema>

/**
 * What the host earned in one currency, read from the money ledger only: transfers to the host's
 * connected account less reversals (refunds), by the month they happened.
 */
export const HostEarningsSchema = z.object({
  currency: z.string(),
  thisMonthCents: cents,
  /** The last 12 months, oldest first, the current month last. */
  months: z.array(EarningsMonthSchema).length(12),
  totalCents: cents,
  /** Transferred to the host and not yet paid out: what the next payout sends. */
  nextPayoutCents: cents,
})
export type HostEarnings = z.infer<typeof HostEarningsSchema>

export const HostDashboardSchema = z.object({
  /** The host's main currency: the one most earned in, else their newest listing's (zeros are shown in it). */
  currency: z.string(),
  /** One block per currency the host has earned in (the most earned first); empty before any money moved. */
  earnings: z.array(HostEarningsSchema),
  /** Payouts go out on the 1st: the next one. */
  nextPayoutDate: z.string(),
  rentals: z.array(HostRentalSchema),
  listings: z.array(HostListingSchema),
})
export type HostDashboard = z.infer<typeof HostDashboardSchema>

export const StoreeBookingSchema = z.object({
  bookingId: z.string(),
  state: z.enum(BOOKING_STATES),
  phase: z.enum(['awaiting-payment', 'upcoming', 'active']),
  storage: StorageRef,
  host: Party,
  startDate: z.string(),
  endDate: z.string().nullable(),
  currency: z.string(),
  paidCents: cents,
  refundedCents: cents,
  nextPayment: NextPayment,
  /** The exact address and how to get in: only once the booking is paid (confirmed or active). */
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), postalCode: z.string() }).nullable(),
  access: z.object({ method: z.string(), hours: z.string(), houseRules: z.string() }).nullable(),
  /** A renewal Stripe could not charge (the way to fix it is on /bookings). Absent or null: paid up. */
  paymentLate: z.object({ nextRetryAt: z.string().nullable() }).nullable().optional(),
})
export type StoreeBooking = z.infer<typeof StoreeBookingSchema>

export const StoreePaymentSchema = z.object({
  /** The ledger row of this payment or refund: its receipt is /receipts/<receiptId>. */
  receiptId: z.string(),
  kind: z.enum(['payment', 'refund']),
  bookingId: z.string().nullable(),
  storageTitle: z.string().nullable(),
  date: z.string(),
  /** Negative for a refund. */
  cents,
  currency: z.string(),
})
export type StoreePayment = z.infer<typeof StoreePaymentSchema>

export const StoreeDashboardSchema = z.object({
  bookings: z.array(StoreeBookingSchema),
  /** Payments made, newest first (refunds are negative), from the money ledger. */
  payments: z.array(StoreePaymentSchema),
})
export type StoreeDashboard = z.infer<typeof StoreeDashboardSchema>
