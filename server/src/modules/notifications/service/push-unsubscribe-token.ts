// The email's unsubscribe link: the user id signed with a server key (HMAC), so it works without signing in
// and cannot be forged for someone else.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const unsubscribeToken = (key: string, userId: string) => createHmac('sha256', key).update(`unsubscribe-email:${userId}`).digest('base64url')

export function checkUnsubscribeToken(key: string, userId: string, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(key, userId))
  const given = Buffer.from(token)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

export const unsubscribeUrl = (base: string, key: string, userId: string) =>
  `${base}/unsubscribe?u=${encodeURIComponent(userId)}&t=${encodeURIComponent(unsubscribeToken(key, userId))}`
