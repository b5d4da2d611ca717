// Lead form validation (spec 5): name and email required, then the product's email rule.
import { EMAIL_PATTERN } from '@contract/patterns'

export const LEAD_MESSAGES = {
  required: 'Please fill out name and email fields',
  invalidEmail: 'Please enter a valid email address',
} as const

/** Lead form toasts: 3 s for success, 4 s for errors (spec 9). */
export const SUCCESS_MS = 3000
export const ERROR_MS = 4000

export const isValidEmail = (email: string) => EMAIL_PATTERN.test(email)

/** The first problem's message, or null when the form may be sent. Phone is optional. */
export function validateLead(form: { name: string; email: string }): string | null {
  if (!form.name.trim() || !form.email.trim()) return LEAD_MESSAGES.required
  if (!isValidEmail(form.email.trim())) return LEAD_MESSAGES.invalidEmail
  return null
}
