// Visits arranged in a booking's chat (move-in, drop-off, pick-up): the shapes the API reads and sends.
import { z } from './zod'
import type { AccessSchedule } from './access-hours'

export const VISIT_KINDS = ['move_in', 'drop_off', 'pick_up'] as const
export type VisitKind = (typeof VISIT_KINDS)[number]
export const VISIT_KIND_LABEL: Record<VisitKind, string> = { move_in: 'Move-in', drop_off: 'Drop-off', pick_up: 'Pick-up' }
export const VISIT_MINUTES = [15, 30, 60, 120] as const
export const VISIT_STATUSES = ['proposed', 'confirmed', 'declined', 'replaced', 'cancelled'] as const
export type VisitStatus = (typeof VISIT_STATUSES)[number]
/** Booking states a visit may be arranged in (a move-in may be agreed as soon as the host accepts). */
export const VISIT_BOOKING_STATES = ['accepted', 'confirmed', 'active'] as const

export const ProposeVisitBodySchema = z
  .object({
    kind: z.enum(VISIT_KINDS, { message: `must be one of ${VISIT_KINDS.join(', ')}` }),
    startsAt: z.iso.datetime({ offset: true, message: 'must be a date and time (ISO 8601)' }),
    minutes: z
      .number({ message: 'must be a number' })
      .int('must be a whole number of minutes')
      .min(15, 'must be at least 15 minutes')
      .max(240, 'must be at most 240 minutes'),
    /** The proposer's key: the outbox sends it again after a failure, and one visit is made. */
    clientId: z.string().min(8).max(64).optional(),
  })
  .strict()
export type ProposeVisitBody = z.input<typeof ProposeVisitBodySchema>

export const CounterVisitBodySchema = ProposeVisitBodySchema.omit({ kind: true })
export const RespondVisitBodySchema = z.object({ action: z.enum(['confirm', 'decline', 'cancel'], { message: 'must be confirm, decline or cancel' }) }).strict()

export const VisitSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  kind: z.enum(VISIT_KINDS),
  startsAt: z.string(),
  minutes: z.number(),
  timeZone: z.string(),
  status: z.enum(VISIT_STATUSES),
  /** Who proposed it, from the viewer's side. */
  proposedByMe: z.boolean(),
  clientId: z.string().nullable(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
})
export type Visit = z.infer<typeof VisitSchema>

/** The visits of the bookings between the viewer and another user: what the chat shows and proposes for. */
export const PairVisitsSchema = z.object({
  bookings: z.array(
    z.object({
      bookingId: z.string(),
      storageTitle: z.string(),
      role: z.enum(['renter', 'host']),
      otherFirstName: z.string(),
      state: z.string(),
      accessSchedule: z.custom<AccessSchedule>().nullable(),
      timeZone: z.string(),
      /** The host's blocked days (the availability calendar) from today for a year: closed to visits. */
      blockedDays: z.array(z.object({ startDate: z.string(), endDate: z.string() })).default([]),
      visits: z.array(VisitSchema),
    }),
  ),
})
export type PairVisits = z.infer<typeof PairVisitsSchema>

/** The blocked stretch holding `date` (YYYY-MM-DD in the listing's zone), if any: the sheet says so at once. */
export const blockedOn = (blocked: readonly { startDate: string; endDate: string }[], date: string) =>
  blocked.find((b) => b.startDate <= date && date <= b.endDate)
