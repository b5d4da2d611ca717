// GET /users/find-by-email/:email → {userId}: the developer message form looks people up by email.
// Admins only: for anyone else it would tell which addresses have accounts, one guess at a time.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { emailField } from '@contract/common'
import { FindByEmailResponseSchema, MESSAGE_ERRORS } from '@contract/messaging'
import { findUserByEmail } from '../service/users'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { userOrIpKey } from '../../../plugins/rate-limits'

const findByEmailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/users/find-by-email/:email',
    {
      schema: { params: z.object({ email: emailField }), response: { 200: FindByEmailResponseSchema } },
      config: { auth: 'admin', rateLimit: { max: 60, timeWindow: '1 minute', keyGenerator: userOrIpKey } },
    },
    async (request) => {
      signedIn(request)
      const found = await findUserByEmail(app.db, request.params.email)
      if (!found || found.deactivatedAt) throw notFound(MESSAGE_ERRORS.userNotFound)
      return { userId: found.id }
    },
  )
}

export default findByEmailRoutes
