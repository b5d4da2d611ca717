// POST /auth/forgot-password (always the same answer: no account enumeration) and /auth/reset-password
// (a single-use link, 1 hour; the new password follows the sign-up rules; every session ends);
// /auth/reset-password/check tells the page, as it opens, whether the link can still be used.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ForgotPasswordBodySchema, ResetLinkCheckBodySchema, ResetPasswordBodySchema } from '@contract/user'
import { discardAccountTokens, peekAccountToken, useAccountToken } from '../service/account-links'
import { clearAttempts } from '../service/throttle'
import { revokeAllSessions } from '../service/sessions'
import { findUserById, findUserByEmail, markEmailVerified, updateUser } from '../service/users'
import { weakPasswordProblem, hashPassword } from '../service/passwords'
import { hashToken } from '../service/sessions'
import { minutesText } from '../service/throttles'
import { badRequest, tooManyRequests } from '../../../errors'
import { sendPasswordResetLink } from '../service/account-links'
import { reserve } from '../service/throttle'

const Ok = z.object({ ok: z.literal(true) })

export const RESET_LINK_ERRORS = {
  unknown: 'This reset link is not valid. Please use the newest link we emailed you, or ask for a new one.',
  used: 'This reset link was already used. Ask for a new one if you need to reset your password again.',
  expired: 'This reset link has expired (links last 1 hour). Ask for a new one.',
} as const

const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/forgot-password', { config: { auth: 'public' }, schema: { body: ForgotPasswordBodySchema, response: { 200: Ok } } }, async (request) => {
    const { email } = request.body
    const attempt = await reserve(app, request, 'reset-request', email, true)
    // Over the per-IP limit: say so (it tells nothing about the account). Over the per-address limit:
    // answer as always and send nothing, so the answer never depends on the account.
    if (attempt.blocked === 'ip') throw tooManyRequests(`Too many reset requests. Please try again in ${minutesText(attempt.retryAfter)}.`, attempt.retryAfter)
    if (attempt.blocked) return { ok: true as const }
    const user = await findUserByEmail(app.db, email)
    if (user && !user.deactivatedAt) {
      // Not awaited: sending takes time only when the account exists, and the answer must not show it.
      sendPasswordResetLink(app, user).catch((err) => request.log.error({ err }, 'password reset email failed'))
    }
    return { ok: true as const }
  })

  // Reads only: the link stays usable. The token is 32 random bytes, so asking about guesses finds nothing.
  app.post('/auth/reset-password/check', { config: { auth: 'public' }, schema: { body: ResetLinkCheckBodySchema, response: { 200: Ok } } }, async (request) => {
    const found = await peekAccountToken(app.db, 'reset-password', hashToken(request.body.token))
    if (!found.ok) throw badRequest(RESET_LINK_ERRORS[found.reason], 'token')
    const user = await findUserById(app.db, found.token.userId)
    if (!user || user.deactivatedAt) throw badRequest(RESET_LINK_ERRORS.unknown, 'token')
    return { ok: true as const }
  })

  app.post('/auth/reset-password', { config: { auth: 'public' }, schema: { body: ResetPasswordBodySchema, response: { 200: Ok } } }, async (request) => {
    const { token, newPassword } = request.body
    const tokenHash = hashToken(token)
    // Look first, use last: a refused new password must not spend the link.
    const found = await peekAccountToken(app.db, 'reset-password', tokenHash)
    if (!found.ok) throw badRequest(RESET_LINK_ERRORS[found.reason], 'token')
    const user = await findUserById(app.db, found.token.userId)
    if (!user || user.deactivatedAt) throw badRequest(RESET_LINK_ERRORS.unknown, 'token')
    const weak = weakPasswordProblem(newPassword, [user.email, user.firstName, user.lastName])
    if (weak) throw badRequest(weak.replace(/^password/, 'newPassword'), 'newPassword')
    // Used atomically: of two submissions of one link, only one gets past here.
    const used = await useAccountToken(app.db, 'reset-password', tokenHash)
    if (!used.ok) throw badRequest(RESET_LINK_ERRORS[used.reason], 'token')
    await updateUser(app.db, user.id, { passwordHash: await hashPassword(newPassword) })
    // Whoever had the old password (or a stolen session) is out everywhere; the owner, who proved the
    // address, is not kept waiting by wrong guesses made before.
    await revokeAllSessions(app.db, user.id)
    await clearAttempts(app.db, 'login', user.email)
    await clearAttempts(app.db, 'password-check', user.id)
    await discardAccountTokens(app.db, user.id, 'reset-password')
    // The link reached the inbox of the address the account still uses: that address is proven.
    await markEmailVerified(app.db, user.id, used.token.email)
    return { ok: true as const }
  })
}

export default passwordResetRoutes
