// Renewals that fail and moving out: the rules both tiers state (the host's rent guarantee, the 48 h to say
// the space is clear) and the shapes of what a booking says about them. The server applies the rules in
// server/src/modules/bookings/service/renewals.ts and move-out.ts.
import { z } from './zod'
import { calendarDay } from './common'

/**
 * The rent guarantee, shown to hosts only: when a renter stops paying, Stripe retries on its own schedule;
 * if the last retry fails the rental ends at the close of the paid period, and Nookshare pays the host the
 * rent (less the service fee) for the days the renter still used the space, up to one month.
 */
export const RENT_GUARANTEE_MONTHS = 1
export const RENT_GUARANTEE_TEXT = "If the renter doesn't pay, Nookshare pays you the rent for up to one month after the last paid day."

/** After the move-out day the host has this long to say the space is clear; silence counts as clear. */
export const SPACE_CLEAR_HOURS = 48
/** How many period ends ahead a renter may pick as the move-out day. */
export const MOVE_OUT_PERIODS_AHEAD = 12

export const NOTICE_BY = ['renter', 'host', 'unpaid'] as const
export type NoticeBy = (typeof NOTICE_BY)[number]

export const RenewalSchema = z.object({
  /** A renewal Stripe could not charge: since when, how many attempts, and Stripe's next retry (null: none left). */
  late: z.object({ since: z.string(), attempts: z.number().int(), nextRetryAt: z.string().nullable() }).nullable(),
  /** Who set the rental's last day after it started, when, and that day. */
  notice: z.object({ by: z.enum(NOTICE_BY), givenAt: z.string(), lastDay: z.string() }).nullable(),
  /** The days the renter may pick to move out on (the close of each paid period); empty for anyone else. */
  moveOutDates: z.array(z.string()),
  /** After the move-out: the host's "space is clear" (by the deadline, or silence counts). */
  spaceClear: z
    .object({ status: z.enum(['not-yet', 'waiting', 'confirmed', 'by-silence']), from: z.string(), deadline: z.string(), clearedAt: z.string().nullable() })
    .nullable(),
})
export type Renewal = z.infer<typeof RenewalSchema>

export const MOVE_OUT_ERRORS = {
  notAPeriodEnd: 'must be the last day of a paid period (one of the dates offered)',
  renterOnly: 'only the renter picks a move-out day; a host gives 30 days’ notice',
  /** The listing's minimum stay runs from the start day: an earlier move-out is refused, the earliest named. */
  beforeMinimum: (days: number, earliest: string) =>
    `moveOutOn is before the end of this space's minimum stay of ${days} days: move out on ${earliest} or later.`,
} as const

/** POST /bookings/:id/end: a renter may name the move-out day (by default the close of the paid period). */
export const EndBodySchema = z.object({ moveOutOn: calendarDay.optional() }).passthrough().optional()

/** POST /bookings/:id/payment-method: where the renter updates the card (Stripe's billing portal). */
export const PaymentMethodResponseSchema = z.object({ url: z.string() })
export type PaymentMethodResponse = z.infer<typeof PaymentMethodResponseSchema>
