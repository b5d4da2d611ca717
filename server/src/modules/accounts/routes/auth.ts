// POST /auth/register, /auth/login, /auth/logout, /auth/check-email, /auth/change-password; the emailed
// links (verification, password reset) live in their own files.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AuthResponseSchema, ChangePasswordBodySchema, CheckEmailBodySchema, LoginBodySchema, RegisterBodySchema } from '@contract/user'
import { changePassword, logIn, logOut, register } from '../service/sign-in'
import { findUserByEmail } from '../service/users'
import { signedIn } from '../../../plugins/auth'
import emailVerificationRoutes from './email-verification'
import googleAuthRoutes from './google-auth'
import passwordResetRoutes from './password-reset'

const Ok = z.object({ ok: z.literal(true) })

const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/register',
    { config: { auth: 'public' }, schema: { body: RegisterBodySchema, response: { 201: AuthResponseSchema } } },
    async (request, reply) => {
      const session = await register(app, request, request.body)
      reply.status(201)
      return session
    },
  )

  app.post('/auth/login', { config: { auth: 'public' }, schema: { body: LoginBodySchema, response: { 200: AuthResponseSchema } } }, async (request) =>
    logIn(app, request, request.body),
  )

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
      await logOut(app, signedIn(request).sessionId)
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
    await changePassword(app, request, signedIn(request), request.body)
    return { ok: true as const }
  })

  await app.register(emailVerificationRoutes)
  await app.register(passwordResetRoutes)
  await app.register(googleAuthRoutes)
}

export default authRoutes
