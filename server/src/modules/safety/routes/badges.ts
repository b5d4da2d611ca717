// GET /verifications/users/:id: a person's badges (email, phone, ID) and whether contact details pass
// between you, read once by the open chat (not on the poll path); and withBadges, which adds them to booking cards in one query per list.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { Booking } from '@contract/booking'
import { UserTrustSchema } from '@contract/trust'
import type { Db } from '../../../db/client'
import { verificationsOf } from '../queries/user-verifications'
import { maySeeContact } from '../../bookings/service/contact-access'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'

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
