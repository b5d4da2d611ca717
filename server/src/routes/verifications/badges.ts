// GET /verifications/users/:id: a person's badges (email, phone, ID), read once by the chat header (not
// on the poll path); and withBadges, which adds them to booking cards in one query per list.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Booking } from '@contract/booking'
import { VerificationsSchema } from '@contract/trust'
import type { Db } from '../../db/client'
import { verificationsOf } from '../../db/queries/user-verifications'
import { notFound } from '../../errors'

export async function withBadges(db: Db, bookings: Booking[]): Promise<Booking[]> {
  const badges = await verificationsOf(
    db,
    bookings.flatMap((b) => [b.renter.id, b.host.id]),
  )
  return bookings.map((b) => ({
    ...b,
    renter: { ...b.renter, verifications: badges.get(b.renter.id) },
    host: { ...b.host, verifications: badges.get(b.host.id) },
  }))
}

const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/verifications/users/:id',
    { preHandler: app.authenticate, schema: { params: z.object({ id: z.string().max(64) }), response: { 200: VerificationsSchema } } },
    async (request, reply) => {
      const found = (await verificationsOf(app.db, [request.params.id])).get(request.params.id)
      if (!found) throw notFound('This user does not exist.')
      reply.header('cache-control', 'private, max-age=300')
      return found
    },
  )
}

export default badgeRoutes
