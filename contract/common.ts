// Shape helpers shared by the browser and the API server (DOM-free, no server imports).
import { z } from './zod'
import { EMAIL_PATTERN } from './patterns'
import { isCalendarDay } from './booking-dates'

/** A calendar day as YYYY-MM-DD: Feb 31, month 13 or day 00 are refused here, not passed on to the database. */
export const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
  .refine(isCalendarDay, 'must be a real calendar date')

/** Trimmed text that must not be empty once trimmed. */
export const requiredText = (max: number) => z.string().trim().min(1, 'is required').max(max, `must be at most ${max} characters`)

/** Trimmed text that may be empty; an empty string is kept as '' so a field can be cleared. */
export const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`)

/** The product's own email rule (spec 5): text @ text . text, no spaces. */
export { EMAIL_PATTERN }

export const emailField = z
  .string()
  .trim()
  .max(254, 'must be at most 254 characters')
  .regex(EMAIL_PATTERN, 'must be a valid email address')
  .transform((s) => s.toLowerCase())

/** The error body every API failure answers with: `error` is the human message the UI shows. */
export const ApiErrorSchema = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  field: z.string().optional(),
  retryAfter: z.number().optional(),
})
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>
