// GET /storages/:id/instant-book?startDate&endDate: whether the signed-in renter may book this stay at once
// ("Book now") or, with the reasons in plain words, asks to book as before.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BOOKING_ERRORS, InstantBookQuerySchema } from '@contract/booking'
import { InstantBookAnswerSchema } from '@contract/instant-book'
import { findStorage } from '../../listings/service/storage-reads'
import { instantBookProblems } from '../service/instant-book'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'

const Params = z.object({ id: z.string().max(64) })

const instantBookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/storages/:id/instant-book',
    { config: { auth: 'user' }, schema: { params: Params, querystring: InstantBookQuerySchema, response: { 200: InstantBookAnswerSchema } } },
    async (request, reply) => {
      const { user } = signedIn(request)
      const found = await findStorage(app.db, request.params.id)
      if (!found || found.storage.status !== 'active') throw notFound(BOOKING_ERRORS.unavailable)
      reply.header('cache-control', 'private, no-store')
      if (found.storage.hostId === user.id) return { eligible: false as const, reasons: [BOOKING_ERRORS.ownListing] }
      const { startDate, endDate } = request.query
      const reasons = await instantBookProblems(app.db, found.storage, user, { startDate, endDate: endDate ?? null })
      return reasons.length ? { eligible: false as const, reasons } : { eligible: true as const }
    },
  )
}

export default instantBookRoutes
