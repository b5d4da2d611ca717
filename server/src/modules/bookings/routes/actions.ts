// POST /bookings/:id/{accept,decline,counter,cancel,end}: one step of the booking process each. The step is
// checked against the process's table (409 with a message when the state does not allow it) and taken by
// modules/bookings/service/process.ts (moveBooking), so of two racing steps only one succeeds.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BOOKING_ERRORS, BookingSchema, CounterBodySchema } from '@contract/booking'
import { EndBodySchema } from '@contract/renewals'
import { forbidden } from '../../../errors'
import { idempotent } from '../../../lib/idempotent'
import { bookingForParty } from '../service/shared'
import { acceptAsParty, cancelAsParty, counterAsParty, declineAsParty, endAsParty } from '../service/party-steps'

const Params = z.object({ id: z.string().max(64) })
const Empty = z.object({}).passthrough().optional()

const actionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings/:id/accept',
    { config: { auth: 'user' }, schema: { params: Params, body: Empty, response: { 200: BookingSchema } } },
    async (request, reply) => {
      const { view, auth, role } = await bookingForParty(app, request, request.params.id)
      return idempotent(app, request, reply, auth.user.id, () => acceptAsParty(app, view, auth.user.id, role, request))
    },
  )

  app.post(
    '/bookings/:id/decline',
    { config: { auth: 'user' }, schema: { params: Params, body: Empty, response: { 200: BookingSchema } } },
    async (request, reply) => {
      const { view, auth, role } = await bookingForParty(app, request, request.params.id)
      return idempotent(app, request, reply, auth.user.id, () => declineAsParty(app, view, auth.user.id, role, request))
    },
  )

  app.post(
    '/bookings/:id/counter',
    { config: { auth: 'user' }, schema: { params: Params, body: CounterBodySchema, response: { 200: BookingSchema } } },
    async (request) => {
      const { view, auth, role } = await bookingForParty(app, request, request.params.id)
      return counterAsParty(app, view, auth.user.id, role, request.body.counterCents, request)
    },
  )

  app.post('/bookings/:id/cancel', { config: { auth: 'user' }, schema: { params: Params, body: Empty, response: { 200: BookingSchema } } }, async (request) => {
    const { view, auth, role } = await bookingForParty(app, request, request.params.id)
    return cancelAsParty(app, view, auth.user.id, role, request)
  })

  app.post(
    '/bookings/:id/end',
    { config: { auth: 'user' }, schema: { params: Params, body: EndBodySchema, response: { 200: BookingSchema } } },
    async (request, reply) => {
      const { view, auth, role } = await bookingForParty(app, request, request.params.id)
      if (role === 'admin') throw forbidden(BOOKING_ERRORS.notParty)
      return idempotent(app, request, reply, auth.user.id, () => endAsParty(app, view, role, auth.user.id, request, request.body?.moveOutOn))
    },
  )
}

export default actionRoutes
