// POST /bookings/quote (the server-computed preview), POST /bookings (a request, or an offer when it
// carries offerCents), GET /bookings, GET /offers and GET /bookings/:id. The rules: service/booking-requests.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BookingListSchema, BookingSchema, CreateBookingBodySchema, QuoteBodySchema, QuoteSchema } from '@contract/booking'
import { signedIn } from '../../../plugins/auth'
import { userOrIpKey } from '../../../plugins/rate-limits'
import { bookingForParty } from '../service/shared'
import { bookingForViewer, bookingsOf, priceStay, requestBooking } from '../service/booking-requests'

const Params = z.object({ id: z.string().max(64) })
/** Quotes one user (or, signed out, one address) may ask for a minute. */
export const QUOTES_PER_MINUTE = 120

const createRoutes: FastifyPluginAsyncZod = async (app) => {
  // Anyone may ask for a quote (the listing page's preview asks at each change): limited per user or address.
  app.post(
    '/bookings/quote',
    {
      config: { auth: 'optional', rateLimit: { max: QUOTES_PER_MINUTE, timeWindow: '1 minute', keyGenerator: userOrIpKey } },
      schema: { body: QuoteBodySchema, response: { 200: QuoteSchema } },
    },
    async (request) => {
      const auth = await request.auth()
      const { storage, quote } = await priceStay(app, request.body, auth?.user.id ?? null)
      return { ...quote, currency: storage.currency }
    },
  )

  app.post(
    '/bookings',
    { schema: { body: CreateBookingBodySchema, response: { 201: BookingSchema } }, config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => reply.status(201).send(await requestBooking(app, signedIn(request).user, request.body, request)),
  )

  app.get('/bookings', { config: { auth: 'user' }, schema: { response: { 200: BookingListSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    return bookingsOf(app, user.id, false)
  })

  app.get('/offers', { config: { auth: 'user' }, schema: { response: { 200: BookingListSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    return bookingsOf(app, user.id, true)
  })

  app.get('/bookings/:id', { config: { auth: 'user' }, schema: { params: Params, response: { 200: BookingSchema } } }, async (request, reply) => {
    const { view, auth } = await bookingForParty(app, request, request.params.id)
    reply.header('cache-control', 'private, no-store')
    return bookingForViewer(app, view, auth.user.id)
  })
}

export default createRoutes
