// The alert's one-tap "Stop these alerts" link: the saved search's id signed with the server key (HMAC),
// so it works without signing in and cannot be forged for another search.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const savedSearchToken = (key: string, id: string) => createHmac('sha256', key).update(`saved-search:${id}`).digest('base64url')

export function checkSavedSearchToken(key: string, id: string, token: string): boolean {
  const expected = Buffer.from(savedSearchToken(key, id))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}
