// The access schedule's shape as the API reads it (see access-hours.ts for its rules).
import { z } from './zod'
import { calendarDay } from './common'
import { isValidTimeZone, toMinutes, WEEKDAYS } from './access-hours'

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time (HH:MM)')
const closeTime = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time (HH:MM, up to 24:00)')
const window = <T extends z.ZodRawShape>(shape: T) =>
  z
    .object({ ...shape, open: time, close: closeTime })
    .refine((w) => toMinutes(w.close) > toMinutes(w.open), { message: 'must close after it opens', path: ['close'] })

export const AccessScheduleSchema = z
  .object({
    timeZone: z.string().refine(isValidTimeZone, 'must be a time zone such as America/Toronto'),
    weekly: z
      .array(window({ days: z.array(z.enum(WEEKDAYS, { message: 'must be mon … sun' })).min(1, 'must name at least one day') }))
      .max(14, 'must have at most 14 windows')
      .default([]),
    exceptions: z
      .array(z.union([z.object({ date: calendarDay, closed: z.literal(true) }).strict(), window({ date: calendarDay, closed: z.literal(false).optional() })]))
      .max(60, 'must have at most 60 exceptions')
      .default([]),
  })
  .strict()
export type AccessScheduleInput = z.input<typeof AccessScheduleSchema>
