// Booking, offer and checkout shapes, shared by the browser and the API. Money is integer cents in the
// listing's currency; the server computes every figure (the browser's preview asks POST /bookings/quote).
import { z } from './zod'
import { calendarDay, optionalText } from './common'
import { BOOKING_ACTIONS, BOOKING_STATES, type BookingAction, type BookingState } from './booking-process'
import { DisputeSchema } from './disputes'
import { VerificationsSchema } from './trust'
import { RenewalSchema } from './renewals'
import { BOOKING_DATE_ERRORS, dayOf, stayDatesProblem } from './booking-dates'
import { encodeFit } from './fit'
import { FitListSchema } from './fit-schema'

// The states and steps are the booking process's (booking-process.ts); these names stay for the screens.
export { BOOKING_ACTIONS, BOOKING_STATES }
export type BookingStateName = BookingState
export type BookingActionName = BookingAction

export const BOOKING_ERRORS = {
  paymentSetup: 'Finish your payment setup before accepting bookings.',
  ownListing: 'You cannot book your own listing.',
  unavailable: 'This listing is not available for booking.',
  overlap: 'The space is already booked for some of these dates.',
  notParty: 'Only the renter and the host can see this booking.',
  startPast: BOOKING_DATE_ERRORS.startPast,
  endBeforeStart: BOOKING_DATE_ERRORS.endBeforeStart,
  offerTooHigh: 'An offer must be lower than the monthly price.',
  counterRange: 'A counter must be between the offer and the monthly price.',
} as const

/** The listing's minimum stay, said the same way by the panel and by the API's refusal. */
export const minimumStayText = (days: number) => `This space has a minimum stay of ${days} ${days === 1 ? 'day' : 'days'}.`

const cents = z.number().int('must be whole cents').min(100, 'must be at least 100 cents').max(10_000_000, 'is too large')

const quoteFields = {
  storageId: z.string().min(1, 'is required').max(64),
  startDate: calendarDay,
  endDate: calendarDay.nullable().optional(),
  protection: z.boolean().default(false),
  /** An offer: the renter's proposed monthly price. */
  offerCents: cents.optional(),
}

/** The days asked for are within the bounds (booking-dates.ts), as the booking form checks them: 400 naming the field. */
function withinBounds(body: { startDate: string; endDate?: string | null }, ctx: z.RefinementCtx) {
  const problem = stayDatesProblem(body, dayOf(new Date()))
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message })
}

export const QuoteBodySchema = z.object(quoteFields).superRefine(withinBounds)

/** GET /storages/:id/instant-book's query: the stay the renter is looking at. */
export const InstantBookQuerySchema = z.object({ startDate: calendarDay, endDate: calendarDay.optional() }).superRefine(withinBounds)
export type QuoteBody = z.input<typeof QuoteBodySchema>

export const CreateBookingBodySchema = z
  .object({
    ...quoteFields,
    note: optionalText(1000).default(''),
    /** What the renter means to store, as search's `fit` ("box_medium:20,sofa:1"): kept on the booking, re-encoded in catalog order. */
    items: FitListSchema.transform(encodeFit).optional(),
    /** Book now (Instant Book): accepted at once when the renter meets the listing's rules, then paid in the same checkout. */
    instant: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .superRefine(withinBounds)
  .superRefine((body, ctx) => {
    if (body.instant && body.offerCents !== undefined)
      ctx.addIssue({ code: 'custom', path: ['offerCents'], message: 'An instant booking is at the listing’s price: no offer.' })
  })
export type CreateBookingBody = z.input<typeof CreateBookingBodySchema>

/** One payment of a stay: its day, the days it pays for (null: a full month), and its amount. */
export const ScheduledPaymentSchema = z.object({
  date: z.string(),
  days: z.number().int().nullable(),
  baseCents: z.number().int(),
  serviceFeeCents: z.number().int(),
  protectionCents: z.number().int(),
  cents: z.number().int(),
})
export type ScheduledPayment = z.infer<typeof ScheduledPaymentSchema>

export const QuoteSchema = z.object({
  kind: z.enum(['short', 'monthly']),
  days: z.number().int().nullable(),
  monthlyCents: z.number().int(),
  baseCents: z.number().int(),
  serviceFeeCents: z.number().int(),
  protectionCents: z.number().int(),
  firstPaymentCents: z.number().int(),
  recurringCents: z.number().int(),
  platformFeePercent: z.number(),
  /** Each payment with its day: the whole schedule of a stay with an end date, the first of an open-ended one. */
  payments: z.array(ScheduledPaymentSchema),
  /** The whole stay's price (the sum of the payments); null: monthly until cancelled. */
  totalCents: z.number().int().nullable(),
  currency: z.string(),
})
export type Quote = z.infer<typeof QuoteSchema>

/** One side of a booking; `verifications` (badges) on the lists and the booking's own answer. */
const Party = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), verifications: VerificationsSchema.optional() })

export const BookingSchema = z.object({
  id: z.string(),
  role: z.enum(['renter', 'host', 'admin']),
  state: z.enum(BOOKING_STATES),
  storage: z.object({ id: z.string(), title: z.string(), city: z.string() }),
  renter: Party,
  host: Party,
  startDate: z.string(),
  endDate: z.string().nullable(),
  note: z.string(),
  /** What the renter said they will store (an encoded fit list, contract/fit.ts), or null; for the two parties and admins. */
  items: z.string().nullable().optional(),
  listMonthlyCents: z.number().int(),
  offerCents: z.number().int().nullable(),
  counterCents: z.number().int().nullable(),
  protection: z.boolean(),
  /** Booked with Instant Book: confirmed on payment, with no host answer. */
  instant: z.boolean().optional(),
  quote: QuoteSchema,
  expiresAt: z.string(),
  paidCents: z.number().int(),
  refundedCents: z.number().int(),
  paidThrough: z.string().nullable(),
  /** What the caller may do now (the server checks again). */
  actions: z.array(z.enum(BOOKING_ACTIONS)),
  /** What cancelling or ending would do now: the refund, or the stay's last day (the server's own rules). */
  terms: z.object({
    cancel: z.object({ refundCents: z.number().int(), endsOn: z.string().nullable() }).nullable(),
    end: z.object({ endsOn: z.string() }).nullable(),
  }),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** A late renewal, a notice, the move-out days and the space's clearing (contract/renewals.ts). */
  renewal: RenewalSchema.optional(),
  /** The latest dispute of its payments by the renter's bank, if any (the lists and the booking's own answer). */
  dispute: DisputeSchema.nullable().optional(),
})
export type Booking = z.infer<typeof BookingSchema>

export const BookingListSchema = z.object({ asRenter: z.array(BookingSchema), asHost: z.array(BookingSchema) })
export type BookingList = z.infer<typeof BookingListSchema>

export const CounterBodySchema = z.object({ counterCents: cents })
export const CheckoutResponseSchema = z.object({ url: z.string(), sessionId: z.string() })
export type CheckoutResponse = z.infer<typeof CheckoutResponseSchema>
export const SandboxPayResponseSchema = z.object({ successUrl: z.string() })
