// The access schedule's shape as the API reads it (see access-hours.ts for its rules).
import { z } from './zod'
import { calendarDay } from './common'
import { isValidTimeZone, toMinutes, WEEKDAYS } from './access-hours'

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)')
const closeTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time (HH:MM, up to 24:00)')
const closesAfter = (w: { open: string; close: string }) => toMinutes(w.close) > toMinutes(w.open)
const closesAfterError = { message: 'must close after it opens', path: ['close'] }

const WeeklyWindowSchema = z
  .object({ days: z.array(z.enum(WEEKDAYS, { message: 'must be mon … sun' })).min(1, 'must name at least one day'), open: time, close: closeTime })
  .refine(closesAfter, closesAfterError)
const ExceptionSchema = z.union([
  z.object({ date: calendarDay, closed: z.literal(true) }).strict(),
  z.object({ date: calendarDay, closed: z.literal(false).optional(), open: time, close: closeTime }).refine(closesAfter, closesAfterError),
])

export const AccessScheduleSchema = z
  .object({
    /** Missing: the listing's province's zone (the server fills it in). */
    timeZone: z.string().refine(isValidTimeZone, 'must be a time zone such as America/Toronto').optional(),
    weekly: z.array(WeeklyWindowSchema).max(14, 'must have at most 14 windows').default([]),
    exceptions: z.array(ExceptionSchema).max(60, 'must have at most 60 exceptions').default([]),
  })
  .strict()
export type AccessScheduleInput = z.input<typeof AccessScheduleSchema>
