// The 'Connection Error' modal's message (spec 8): the error's message, else the response's error,
// else its details, else the default.
import { ApiError, NetworkError } from '../../../lib/api-client'

export const CONNECTION_ERROR_DEFAULT = 'There was an issue setting up the onboarding flow. Please try again later.'
export const OFFLINE_MESSAGE = "You're offline. Payment setup needs an internet connection: connect and try again."

export function connectionErrorMessage(err: unknown): string {
  if (err instanceof NetworkError) return OFFLINE_MESSAGE
  const data = (err instanceof ApiError && err.data && typeof err.data === 'object' ? err.data : {}) as { error?: unknown; details?: unknown }
  const candidates = [err instanceof Error ? err.message : undefined, data.error, data.details]
  const found = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '')
  return found ?? CONNECTION_ERROR_DEFAULT
}
