// POST /auth/register, /auth/login, /auth/logout, /auth/check-email, /auth/change-password.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AuthResponseSchema,
  ChangePasswordBodySchema,
  CheckEmailBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
} from '../../../../src/schemas/user'
import {
  clearLoginFailures,
  loginFailureCounts,
  recordLoginFailure,
  revokeOtherSessions,
  revokeSession,
} from '../../db/queries/sessions'
import { findUserByEmail, insertUser, updateUser } from '../../db/queries/users'
import { commonPasswordProblem, dummyPasswordHash, hashPassword, verifyPassword } from '../../domain/passwords'
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, LOGIN_WINDOW_MS } from '../../domain/sessions'
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../errors'
import { requireUser } from '../../plugins/auth'
import { startSession } from './session-reply'

const Ok = z.object({ ok: z.literal(true) })

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/auth/register', { schema: { body: RegisterBodySchema, response: { 201: AuthResponseSchema } } }, async (request, reply) => {
    const body = request.body
    const weak = commonPasswordProblem(body.password, [body.email, body.email.split('@')[0] ?? '', body.firstName, body.lastName])
    if (weak) throw badRequest(weak, 'password')
    const user = await insertUser(app.db, {
      email: body.email,
      passwordHash: await hashPassword(body.password),
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone ?? '',
      signupSource: body.from ?? null,
      referredBy: body.referralCode ? body.referralCode.toUpperCase() : null,
      isAdmin: app.config.adminEmails.includes(body.email),
    })
    if (!user) throw conflict('An account with this email already exists. Try logging in instead.', 'email')
    reply.status(201)
    return startSession(app, request, user)
  })

  app.post('/auth/login', { schema: { body: LoginBodySchema, response: { 200: AuthResponseSchema } } }, async (request) => {
    const { email, password } = request.body
    const since = new Date(Date.now() - LOGIN_WINDOW_MS)
    const counts = await loginFailureCounts(app.db, email, request.ip, since)
    const blocked =
      counts.account.count >= LOGIN_MAX_FAILURES_PER_ACCOUNT ? counts.account : counts.ip.count >= LOGIN_MAX_FAILURES_PER_IP ? counts.ip : null
    if (blocked) {
      const retryAfter = Math.max(1, Math.ceil(((blocked.oldest?.getTime() ?? Date.now()) + LOGIN_WINDOW_MS - Date.now()) / 1000))
      const minutes = Math.ceil(retryAfter / 60)
      throw tooManyRequests(`Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, retryAfter)
    }
    const user = await findUserByEmail(app.db, email)
    const ok = user && !user.deactivatedAt ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummyPasswordHash(), password), false)
    if (!user || !ok) {
      await recordLoginFailure(app.db, email, request.ip)
      throw unauthorized('Incorrect email or password.')
    }
    await clearLoginFailures(app.db, email)
    return startSession(app, request, user)
  })

  app.post('/auth/logout', { schema: { response: { 200: Ok } } }, async (request) => {
    const auth = await requireUser(request)
    await revokeSession(app.db, auth.sessionId)
    return { ok: true as const }
  })

  app.post(
    '/auth/check-email',
    {
      schema: { body: CheckEmailBodySchema, response: { 200: z.object({ exists: z.boolean() }) } },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) => ({ exists: Boolean(await findUserByEmail(app.db, request.body.email)) }),
  )

  app.post('/auth/change-password', { schema: { body: ChangePasswordBodySchema, response: { 200: Ok } } }, async (request) => {
    const { user, sessionId } = await requireUser(request)
    const { currentPassword, newPassword } = request.body
    if (!(await verifyPassword(user.passwordHash, currentPassword))) throw badRequest('currentPassword is incorrect.', 'currentPassword')
    const weak = commonPasswordProblem(newPassword, [user.email, user.firstName, user.lastName])
    if (weak) throw badRequest(weak.replace(/^password/, 'newPassword'), 'newPassword')
    await updateUser(app.db, user.id, { passwordHash: await hashPassword(newPassword) })
    await revokeOtherSessions(app.db, user.id, sessionId)
    return { ok: true as const }
  })
}

export default authRoutes
