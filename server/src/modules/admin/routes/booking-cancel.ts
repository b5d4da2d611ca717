// POST /admin/bookings/:id/cancel: an admin ends a booking with a full or partial refund and a reason
// (service/booking-cancel.ts); the answer is the booking as the admin's Bookings tab shows it, and a warning
// when Stripe did not end its subscription.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AdminCancelResultSchema } from '@contract/admin'
import { AdminCancelBodySchema } from '@contract/disputes'
import { publicBaseUrl } from '../../../lib/public-url'
import { signedIn } from '../../../plugins/auth'
import { cancelBookingAsAdmin } from '../service/booking-cancel'
import { adminBookingDto } from './bookings'

const Params = z.object({ id: z.string().max(64) })

const adminBookingCancelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/bookings/:id/cancel',
    { config: { auth: 'admin' }, schema: { params: Params, body: AdminCancelBodySchema, response: { 200: AdminCancelResultSchema } } },
    async (request) => {
      const { view, dispute, warning } = await cancelBookingAsAdmin(app, {
        admin: signedIn(request),
        bookingId: request.params.id,
        amountCents: request.body.amountCents,
        reason: request.body.reason,
        baseUrl: publicBaseUrl(app.config, request),
        log: request.log,
      })
      return { booking: adminBookingDto(view, dispute), warning }
    },
  )
}

export default adminBookingCancelRoutes
