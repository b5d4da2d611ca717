// POST /auth/verify-email (the emailed link's page posts its token) and /auth/resend-verification.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { VerifyEmailBodySchema } from '@contract/user'
import { useAccountToken } from '../service/account-links'
import { markEmailVerified } from '../service/users'
import { hashToken } from '../service/sessions'
import { minutesText } from '../service/throttles'
import { badRequest, tooManyRequests } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { sendVerificationLink } from '../service/account-links'
import { reserve } from '../service/throttle'

const Verified = z.object({ ok: z.literal(true), email: z.string() })

export const VERIFY_LINK_ERRORS = {
  unknown: 'This verification link is not valid. Please use the newest link we emailed you.',
  used: 'This verification link was already used. Links work only once.',
  expired: 'This verification link has expired. Send yourself a new one from your profile.',
  moved: 'This link was sent to an address your account no longer uses. Send a new link from your profile.',
} as const

const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  // No session needed: the link may be opened on another device. The token alone proves the inbox.
  app.post(
    '/auth/verify-email',
    { schema: { body: VerifyEmailBodySchema, response: { 200: Verified } }, config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request) => {
      const used = await useAccountToken(app.db, 'verify-email', hashToken(request.body.token))
      if (!used.ok) throw badRequest(VERIFY_LINK_ERRORS[used.reason], 'token')
      const user = await markEmailVerified(app.db, used.token.userId, used.token.email)
      if (!user) throw badRequest(VERIFY_LINK_ERRORS.moved, 'token')
      return { ok: true as const, email: user.email }
    },
  )

  app.post('/auth/resend-verification', { config: { auth: 'user' }, schema: { response: { 200: Verified } } }, async (request) => {
    const { user } = signedIn(request)
    if (user.emailVerified) throw badRequest('Your email is already verified.', 'email')
    const attempt = await reserve(app, request, 'verify-request', user.id)
    if (attempt.blocked) throw tooManyRequests(`We already sent several links. Please try again in ${minutesText(attempt.retryAfter)}.`, attempt.retryAfter)
    await sendVerificationLink(app, user)
    return { ok: true as const, email: user.email }
  })
}

export default emailVerificationRoutes
