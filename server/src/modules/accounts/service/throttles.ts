// How often each guarded action may be tried, per account (an email or a user id) and per IP, over a
// sliding window. Sign-ins and password checks count failures (a success clears them); registrations,
// reset requests, verification emails and lead welcome emails count every attempt.
export type ThrottledAction = 'login' | 'password-check' | 'register' | 'reset-request' | 'verify-request' | 'lead-email' | 'phone-code'

export interface ThrottleRule {
  windowMs: number
  /** Per account key; undefined: not limited per account. */
  perAccount?: number
  /**
   * The per-account limit counts one client (IP) at a time: a stranger's wrong guesses must not lock the
   * owner out. Guessing across many accounts is still bounded by `perIp`.
   */
  accountPerIp?: boolean
  /** Per IP; undefined: not limited per IP. */
  perIp?: number
  /** A slow-down per account across every address (see slowDownSeconds); undefined: none. */
  acrossAddresses?: { free: number; maxDelaySeconds: number }
}

const MINUTE = 60_000

export const THROTTLES: Record<ThrottledAction, ThrottleRule> = {
  // Guessing a password: 5 tries per account from one IP, 20 per IP across accounts, per 15 minutes.
  // Across addresses (a guesser with many IPs), a gentle slow-down per account: see slowDownSeconds.
  login: { windowMs: 15 * MINUTE, perAccount: 5, accountPerIp: true, perIp: 20, acrossAddresses: { free: 10, maxDelaySeconds: 30 } },
  // The current password asked again when changing the password or the email (a stolen session must not
  // become a password oracle).
  'password-check': { windowMs: 15 * MINUTE, perAccount: 5 },
  // Mass sign-ups from one address; generous enough for a household or an office behind one NAT.
  register: { windowMs: 60 * MINUTE, perIp: 30 },
  // Reset emails: 3 an hour to one address (more are silently not sent), 10 an hour from one IP.
  'reset-request': { windowMs: 60 * MINUTE, perAccount: 3, perIp: 10 },
  // "Resend verification email": 3 an hour per account.
  'verify-request': { windowMs: 60 * MINUTE, perAccount: 3 },
  // Lead welcome emails: 3 a day to one address (its email key: case, +tags and Gmail dots ignored), so the
  // lead forms cannot be used to flood someone's inbox; per IP, the route's own rate limit applies.
  'lead-email': { windowMs: 24 * 60 * MINUTE, perAccount: 3 },
  // Phone verification texts (each costs money and reaches someone's phone): 3 an hour per account,
  // 10 an hour from one IP.
  'phone-code': { windowMs: 60 * MINUTE, perAccount: 3, perIp: 10 },
}

/**
 * The slow-down per account across addresses: once an account has `free` failed attempts in the window
 * from any addresses, the next attempt from anywhere must come at least 1 s after the latest failure, then
 * 2, 4, 8, 16 s as failures add up, never more than `maxDelaySeconds` (429 with Retry-After meanwhile;
 * refused attempts do not count, so hammering does not lengthen it). It is never a lockout: whoever
 * waits those few seconds has their password checked, the owner included, and a success clears it; a
 * guesser with any number of addresses gets about one guess per 30 s per account instead of 5 per address.
 */
export function slowDownSeconds(failures: number, rule: NonNullable<ThrottleRule['acrossAddresses']>): number {
  if (failures < rule.free) return 0
  return Math.min(2 ** (failures - rule.free), rule.maxDelaySeconds)
}

export const LONGEST_THROTTLE_WINDOW_MS = Math.max(...Object.values(THROTTLES).map((r) => r.windowMs))

export function minutesText(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60))
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}
