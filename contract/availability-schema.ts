// The availability calendar's shapes: a listing's days (GET /storages/:id/availability, public) and the
// host's blocked days (GET/POST/DELETE /storages/:id/blocked-dates).
import { z } from './zod'
import { calendarDay, optionalText } from './common'
import { AVAILABILITY_MAX_DAYS } from './availability'
import { dayNumber } from './booking-dates'

export const AvailabilityQuerySchema = z.object({ from: calendarDay, to: calendarDay }).superRefine((q, ctx) => {
  const span = dayNumber(q.to) - dayNumber(q.from)
  if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' })
  else if (span >= AVAILABILITY_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be within ${AVAILABILITY_MAX_DAYS} days of from` })
})
export type AvailabilityQuery = z.infer<typeof AvailabilityQuerySchema>

export const AvailabilitySchema = z.object({
  capacity: z.number(),
  /** Each day asked for: places left (0 when full or blocked) and whether the host blocked it. */
  days: z.array(z.object({ date: z.string(), left: z.number(), blocked: z.boolean() })),
})
export type Availability = z.infer<typeof AvailabilitySchema>

export const BlockedDatesSchema = z.object({
  id: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  note: z.string(),
})
export type BlockedDates = z.infer<typeof BlockedDatesSchema>
export const BlockedDatesListSchema = z.array(BlockedDatesSchema)

export const BlockDatesBodySchema = z
  .object({ startDate: calendarDay, endDate: calendarDay, note: optionalText(200).default('') })
  .strict()
  .superRefine((b, ctx) => {
    if (dayNumber(b.endDate) < dayNumber(b.startDate)) ctx.addIssue({ code: 'custom', path: ['endDate'], message: 'cannot be before the start date' })
    else if (dayNumber(b.endDate) - dayNumber(b.startDate) >= AVAILABILITY_MAX_DAYS)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: `must be within ${AVAILABILITY_MAX_DAYS} days of the start date` })
  })
export type BlockDatesBody = z.input<typeof BlockDatesBodySchema>
