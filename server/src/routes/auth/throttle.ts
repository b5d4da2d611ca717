// Reserves a throttled attempt before the work it guards (argon2, an email) and refuses over the limit.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { clearAttempts, pruneAttempts, releaseAttempt, reserveAttempt, type AttemptCount } from '../../db/queries/attempts'
import { LONGEST_THROTTLE_WINDOW_MS, THROTTLES, type ThrottledAction } from '../../domain/throttles'

export interface Reservation {
  /** Which limit the attempt is over, if any; a refused attempt is not counted. */
  blocked: false | 'account' | 'ip'
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
  const blocked = over(rule.perAccount, attempt.account) ? 'account' : over(rule.perIp, attempt.ip) ? 'ip' : false
  const oldest = blocked === 'ip' ? attempt.ip.oldest : attempt.account.oldest
  const retryAfter = Math.max(1, Math.ceil(((oldest?.getTime() ?? now) + rule.windowMs - now) / 1000))
  // A refused attempt did nothing, so it does not count: hammering does not extend the wait.
  if (blocked === 'ip' || (blocked === 'account' && !quietAccountLimit)) await releaseAttempt(app.db, attempt.id)
  // Now and then, forget attempts no window counts any more, so the table stays small.
  if (Math.random() < 0.01) await pruneAttempts(app.db, new Date(now - LONGEST_THROTTLE_WINDOW_MS))
  return { blocked, retryAfter, clear: () => clearAttempts(app.db, action, accountKey) }
}
