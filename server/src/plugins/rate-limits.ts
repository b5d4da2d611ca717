// Rate-limit keys and the upload limit. Limits are keyed on who is asking: the session's user once the
// token resolves (however the Authorization header is spelled), else the client IP.
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { minutesText } from '../modules/accounts/service/throttles'
import { tooManyRequests } from '../errors'

export async function userOrIpKey(request: FastifyRequest): Promise<string> {
  const auth = await request.auth()
  return auth ? `user:${auth.user.id}` : `ip:${request.ip}`
}

/** Requests that carry photos (chat photos, listing photos), per user: image work is the costly part. */
export const UPLOADS_PER_WINDOW = 20
const UPLOAD_WINDOW = '10 minutes'

declare module 'fastify' {
  interface FastifyInstance {
    /** Counts one upload for this request's user; throws 429 over the limit. Call before any image work. */
    checkUploadLimit(request: FastifyRequest): Promise<void>
  }
}

export default fp(
  async (app) => {
    const limiter = app.createRateLimit({ max: UPLOADS_PER_WINDOW, timeWindow: UPLOAD_WINDOW, keyGenerator: userOrIpKey })
    app.decorate('checkUploadLimit', async (request: FastifyRequest) => {
      const result = await limiter(request)
      if (!result.isAllowed && result.isExceeded) {
        throw tooManyRequests(`Too many photo uploads. Please try again in ${minutesText(result.ttlInSeconds)}.`, Math.max(1, result.ttlInSeconds))
      }
    })
  },
  { name: 'rate-limits', dependencies: ['@fastify/rate-limit', 'auth'] },
)
