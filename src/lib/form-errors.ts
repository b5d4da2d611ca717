// Turns a zod failure into one message per field, the way forms show them.
import type { z } from 'zod'
import { ApiError } from './api-client'

export type FieldErrors = Record<string, string>

const HUMAN: Record<string, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  zipCode: 'Postal code',
  dateOfBirth: 'Date of birth',
  taxId: 'Tax ID',
  businessName: 'Business name',
  currentPassword: 'Current password',
  newPassword: 'New password',
  routingNumber: 'Routing number',
  transitNumber: 'Transit number',
  institutionNumber: 'Institution number',
  accountNumber: 'Account number',
}

export function humanField(path: string) {
  const last = path.split('.').pop() ?? path
  return HUMAN[last] ?? last.charAt(0).toUpperCase() + last.slice(1)
}

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) {
    const key = issue.path.join('.')
    if (!out[key]) out[key] = `${humanField(key)} ${issue.message.replace(/^Invalid input.*/, 'is invalid')}`
  }
  return out
}

/** A server 400/409 naming a field goes beside that field; anything else is a form-level message. */
export function serverFieldError(err: unknown): { field?: string; message: string } {
  if (err instanceof ApiError) {
    const message = err.status >= 500 ? 'Something went wrong on our side. Please try again.' : err.message
    return { field: err.field, message: err.field ? message.replace(new RegExp(`^${err.field}\\b`), humanField(err.field)) : message }
  }
  if (err instanceof Error && err.message === 'No token received from server') return { message: err.message }
  return { message: 'We could not reach Nookshare. Check your connection and try again.' }
}
