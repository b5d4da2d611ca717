// Web Push calls: the VAPID public key, a device's subscription (POST to save, DELETE to drop), the
// user's notification settings, and the email's unsubscribe link (signed, works without signing in).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  NotificationSettingsPatchSchema,
  NotificationSettingsSchema,
  PushEndpointBodySchema,
  PushPublicKeySchema,
  PushSubscriptionBodySchema,
  UnsubscribeBodySchema,
} from '@contract/push'
import { deleteSubscription, getSettings, updateSettings, upsertSubscription } from './service/push-subscriptions'
import { findUserById } from '../accounts/service/users'
import { isPushServiceEndpoint } from './service/push-endpoints'
import { checkUnsubscribeToken } from './service/push-unsubscribe-token'
import { badRequest } from '../../errors'
import { signedIn } from '../../plugins/auth'

const Ok = z.object({ ok: z.literal(true) })
const noStore = (reply: import('fastify').FastifyReply) => reply.header('cache-control', 'private, no-store').header('vary', 'Authorization')

const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/push/public-key', { config: { auth: 'public' }, schema: { response: { 200: PushPublicKeySchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return { publicKey: app.push.publicKey }
  })

  app.post(
    '/push/subscriptions',
    {
      schema: { body: PushSubscriptionBodySchema, response: { 201: Ok } },
      config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { user, sessionId } = signedIn(request)
      const { endpoint, keys } = request.body
      if (!isPushServiceEndpoint(endpoint, app.config.pushEndpointHosts)) throw badRequest('endpoint must be a browser push service', 'endpoint')
      await upsertSubscription(app.db, {
        userId: user.id,
        sessionId,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        userAgent: (request.headers['user-agent'] ?? '').slice(0, 300),
      })
      return reply.code(201).send({ ok: true as const })
    },
  )

  app.delete('/push/subscriptions', { config: { auth: 'user' }, schema: { body: PushEndpointBodySchema, response: { 200: Ok } } }, async (request) => {
    const { user } = signedIn(request)
    await deleteSubscription(app.db, user.id, request.body.endpoint)
    return { ok: true as const }
  })

  app.get('/notification-settings', { config: { auth: 'user' }, schema: { response: { 200: NotificationSettingsSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    noStore(reply)
    return getSettings(app.db, user.id)
  })

  app.patch(
    '/notification-settings',
    { config: { auth: 'user' }, schema: { body: NotificationSettingsPatchSchema, response: { 200: NotificationSettingsSchema } } },
    async (request, reply) => {
      const { user } = signedIn(request)
      noStore(reply)
      return updateSettings(app.db, user.id, request.body)
    },
  )

  app.post(
    '/notifications/unsubscribe',
    { schema: { body: UnsubscribeBodySchema, response: { 200: Ok } }, config: { auth: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request) => {
      const { u, t } = request.body
      if (!checkUnsubscribeToken(app.push.unsubscribeKey, u, t) || !(await findUserById(app.db, u)))
        throw badRequest('This unsubscribe link is not valid.', 't')
      await updateSettings(app.db, u, { emailFallback: false })
      return { ok: true as const }
    },
  )
}

export default pushRoutes
