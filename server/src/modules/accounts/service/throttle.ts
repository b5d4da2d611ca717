// Reserves a throttled attempt before the work it guards (argon2, an email) and refuses over the limit.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { accountAttemptsAcrossAddresses, clearAttempts, pruneAttempts, releaseAttempt, reserveAttempt, type AttemptCount } from '../queries/attempts'
import { LONGEST_THROTTLE_WINDOW_MS, slowDownSeconds, THROTTLES, type ThrottledAction } from './throttles'

export interface Reservation {
  /** Which limit the attempt is over, if any ('slow-down': the account's slow-down across addresses); a refused attempt is not counted. */
  blocked: false | 'account' | 'ip' | 'slow-down'
  /** Seconds until the oldest counted attempt leaves the window. */
  retryAfter: number
  /** Forget this account's attempts (a success). */
  clear(): Promise<void>
}

/**
 * `quietAccountLimit`: the caller answers as usual over the per-account limit (and skips the work), so
 * that attempt still counts against the IP.
 */
export async function reserve(
  app: FastifyInstance,
  request: FastifyRequest,
  action: ThrottledAction,
  accountKey: string,
  quietAccountLimit = false,
): Promise<Reservation> {
  const rule = THROTTLES[action]
  const now = Date.now()
  const attempt = await reserveAttempt(app.db, action, accountKey, request.ip, new Date(now - rule.windowMs), rule.accountPerIp)
  const over = (limit: number | undefined, c: AttemptCount) => limit !== undefined && c.count > limit
  let blocked: Reservation['blocked'] = over(rule.perAccount, attempt.account) ? 'account' : over(rule.perIp, attempt.ip) ? 'ip' : false
  const oldest = blocked === 'ip' ? attempt.ip.oldest : attempt.account.oldest
  let retryAfter = Math.max(1, Math.ceil(((oldest?.getTime() ?? now) + rule.windowMs - now) / 1000))
  if (!blocked && rule.acrossAddresses) {
    const across = await accountAttemptsAcrossAddresses(app.db, action, accountKey, new Date(now - rule.windowMs), attempt.id)
    const waitMs = (across.latest?.getTime() ?? 0) + slowDownSeconds(across.count, rule.acrossAddresses) * 1000 - now
    if (across.count >= rule.acrossAddresses.free && waitMs > 0) {
      blocked = 'slow-down'
      retryAfter = Math.max(1, Math.ceil(waitMs / 1000))
    }
  }
  // A refused attempt did nothing, so it does not count: hammering does not extend the wait.
  if (blocked === 'ip' || blocked === 'slow-down' || (blocked === 'account' && !quietAccountLimit)) await releaseAttempt(app.db, attempt.id)
  // Now and then, forget attempts no window counts any more, so the table stays small.
  if (Math.random() < 0.01) await pruneAttempts(app.db, new Date(now - LONGEST_THROTTLE_WINDOW_MS))
  return { blocked, retryAfter, clear: () => clearAttempts(app.db, action, accountKey) }
}

export { clearAttempts } from '../queries/attempts'
