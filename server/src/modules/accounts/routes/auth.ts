// POST /auth/register, /auth/login, /auth/logout, /auth/check-email, /auth/change-password; the emailed
// links (verification, password reset) live in their own files.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AuthResponseSchema, ChangePasswordBodySchema, CheckEmailBodySchema, LoginBodySchema, RegisterBodySchema } from '@contract/user'
import { discardAccountTokens } from '../service/account-links'
import { deleteSessionSubscriptions } from '../../notifications/service/push-subscriptions'
import { revokeOtherSessions, revokeSession } from '../service/sessions'
import { findUserByEmail, insertUser, updateUser } from '../service/users'
import { findReferrerByCode, recordReferral } from '../service/referrals'
import { weakPasswordProblem, dummyPasswordHash, hashPassword, verifyPassword } from '../service/passwords'
import { minutesText } from '../service/throttles'
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { sendVerificationLink } from '../service/account-links'
import { checkCurrentPassword } from '../service/current-password'
import emailVerificationRoutes from './email-verification'
import googleAuthRoutes from './google-auth'
import passwordResetRoutes from './password-reset'
import { refuseContactDetails } from '../../../lib/public-text'
import { startSession } from '../service/session-reply'
import { reserve } from '../service/throttle'

const Ok = z.object({ ok: z.literal(true) })

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    { config: { auth: 'public' }, schema: { body: RegisterBodySchema, response: { 201: AuthResponseSchema } } },
    async (request, reply) => {
      const body = request.body
      const attempt = await reserve(app, request, 'register', 'ip')
      if (attempt.blocked)
        throw tooManyRequests(`Too many new accounts from your network. Please try again in ${minutesText(attempt.retryAfter)}.`, attempt.retryAfter)
      refuseContactDetails({ firstName: body.firstName, lastName: body.lastName })
      const weak = weakPasswordProblem(body.password, [body.email, body.firstName, body.lastName])
      if (weak) throw badRequest(weak, 'password')
      const referrer = body.referralCode ? await findReferrerByCode(app.db, body.referralCode) : undefined
      if (body.referralCode && !referrer)
        throw badRequest('referralCode: This referral code does not exist. Check the link you were sent, or leave it empty.', 'referralCode')
      // Never an admin here: ADMIN_EMAILS counts only once the address is verified.
      const user = await insertUser(app.db, {
        email: body.email,
        passwordHash: await hashPassword(body.password),
        firstName: body.firstName,
        lastName: body.lastName,
        phone: body.phone ?? '',
        signupSource: body.from ?? null,
        referredBy: body.referralCode ? body.referralCode.toUpperCase() : null,
      })
      if (!user) throw conflict('An account with this email already exists. Try logging in instead.', 'email')
      if (referrer) await recordReferral(app.db, referrer, user)
      await sendVerificationLink(app, user)
      reply.status(201)
      return startSession(app, request, user)
    },
  )

  app.post('/auth/login', { config: { auth: 'public' }, schema: { body: LoginBodySchema, response: { 200: AuthResponseSchema } } }, async (request) => {
    const { email, password } = request.body
    // Reserved before argon2 runs: concurrent guesses each count before any of them is checked.
    const attempt = await reserve(app, request, 'login', email)
    if (attempt.blocked === 'slow-down') {
      const wait = `${attempt.retryAfter} second${attempt.retryAfter === 1 ? '' : 's'}`
      throw tooManyRequests(`Too many sign-in attempts on this account. Please wait ${wait} and try again.`, attempt.retryAfter)
    }
    if (attempt.blocked) throw tooManyRequests(`Too many sign-in attempts. Please try again in ${minutesText(attempt.retryAfter)}.`, attempt.retryAfter)
    const user = await findUserByEmail(app.db, email)
    const ok =
      user && !user.deactivatedAt ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummyPasswordHash(), password), false)
    if (!user || !ok) throw unauthorized('Incorrect email or password.')
    await attempt.clear()
    return startSession(app, request, user)
  })

  app.post(
    '/auth/logout',
    {
      config: { auth: 'user' },
      // The browser drops its HTTP cache of this site (private answers, chat photos) for the next user of
      // the device, also when the session had already expired (the 401 of its 'user' check).
      onRequest: async (_request, reply) => void reply.header('clear-site-data', '"cache"'),

      schema: { response: { 200: Ok } },
    },
    async (request) => {
      const auth = signedIn(request)
      await revokeSession(app.db, auth.sessionId)
      await deleteSessionSubscriptions(app.db, auth.sessionId)
      return { ok: true as const }
    },
  )

  app.post(
    '/auth/check-email',
    {
      schema: { body: CheckEmailBodySchema, response: { 200: z.object({ exists: z.boolean() }) } },
      config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({ exists: Boolean(await findUserByEmail(app.db, request.body.email)) }),
  )

  app.post('/auth/change-password', { config: { auth: 'user' }, schema: { body: ChangePasswordBodySchema, response: { 200: Ok } } }, async (request) => {
    const { user, sessionId } = signedIn(request)
    const { currentPassword, newPassword } = request.body
    await checkCurrentPassword(app, request, user, currentPassword)
    const weak = weakPasswordProblem(newPassword, [user.email, user.firstName, user.lastName])
    if (weak) throw badRequest(weak.replace(/^password/, 'newPassword'), 'newPassword')
    await updateUser(app.db, user.id, { passwordHash: await hashPassword(newPassword) })
    await revokeOtherSessions(app.db, user.id, sessionId)
    await discardAccountTokens(app.db, user.id, 'reset-password')
    return { ok: true as const }
  })

  await app.register(emailVerificationRoutes)
  await app.register(passwordResetRoutes)
  await app.register(googleAuthRoutes)
}

export default authRoutes
