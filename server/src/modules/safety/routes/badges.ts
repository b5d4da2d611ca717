// GET /verifications/users/:id: a person's badges (email, phone, ID) and whether contact details pass
// between you, read once by the open chat (not on the poll path).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { UserTrustSchema } from '@contract/trust'
import { verificationsOf } from '../service/user-verifications'
import { maySeeContact } from '../../bookings/service/contact-access'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'

const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/verifications/users/:id',
    { config: { auth: 'user' }, schema: { params: z.object({ id: z.string().max(64) }), response: { 200: UserTrustSchema } } },
    async (request, reply) => {
      const { user } = signedIn(request)
      const found = (await verificationsOf(app.db, [request.params.id])).get(request.params.id)
      if (!found) throw notFound('This user does not exist.')
      reply.header('cache-control', 'private, no-store')
      return { verifications: found, contactOpen: await maySeeContact(app.db, user.id, request.params.id) }
    },
  )
}

export default badgeRoutes
