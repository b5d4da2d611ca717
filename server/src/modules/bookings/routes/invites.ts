// Invite to Book (spec: issue #43): POST /invites (the host, to someone they talk with), GET
// /invites/with/:userId (the chat's cards), POST /invites/:id/withdraw (the host), /decline and /book (the
// invited renter). The rules of each step: service/invite-steps.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { uuidParam } from '@contract/messaging'
import { BookInviteResponseSchema, CreateInviteBodySchema, InviteListSchema, InviteSchema } from '@contract/invite'
import { signedIn } from '../../../plugins/auth'
import { bookInvite, declineInvite, invitesWith, sendInvite, withdrawInvite } from '../service/invite-steps'

const Params = z.object({ id: z.string().max(64) })

const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/invites',
    { schema: { body: CreateInviteBodySchema, response: { 201: InviteSchema } }, config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => reply.status(201).send(await sendInvite(app, signedIn(request).user, request.body)),
  )

  app.get(
    '/invites/with/:userId',
    { config: { auth: 'user' }, schema: { params: z.object({ userId: uuidParam }), response: { 200: InviteListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store')
      return invitesWith(app, signedIn(request).user, request.params.userId)
    },
  )

  app.post('/invites/:id/withdraw', { config: { auth: 'user' }, schema: { params: Params, response: { 200: InviteSchema } } }, async (request) =>
    withdrawInvite(app, signedIn(request).user, request.params.id),
  )

  app.post('/invites/:id/decline', { config: { auth: 'user' }, schema: { params: Params, response: { 200: InviteSchema } } }, async (request) =>
    declineInvite(app, signedIn(request).user, request.params.id),
  )

  app.post(
    '/invites/:id/book',
    { schema: { params: Params, response: { 201: BookInviteResponseSchema } }, config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply) => reply.status(201).send(await bookInvite(app, signedIn(request).user, request.params.id, request)),
  )
}

export default inviteRoutes
