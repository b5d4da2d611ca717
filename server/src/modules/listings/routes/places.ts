// GET /places?q=: a typed address to a point (contract/places.ts). The listing editor places its pin from it;
// searchers, signed in or not, filter by distance from it. Public, so rate-limited per IP; the answer is the
// same for everyone, so any cache may keep it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PlaceAnswerSchema, PlaceQuerySchema } from '@contract/places'
import { lookUpPlace } from '../service/place-lookup'

const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places',
    {
      schema: { querystring: PlaceQuerySchema, response: { 200: PlaceAnswerSchema } },
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=3600')
      return { place: lookUpPlace(request.query.q) }
    },
  )
}

export default placeRoutes
