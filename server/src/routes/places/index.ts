// GET /places?q=: the listing editor's pin from a typed address (contract/places.ts). Signed-in: only hosts
// writing a listing ask.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PlaceAnswerSchema, PlaceQuerySchema } from '@contract/places'
import { lookUpPlace } from '../../domain/place-lookup'

const placeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/places',
    { preHandler: app.authenticate, schema: { querystring: PlaceQuerySchema, response: { 200: PlaceAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600')
      return { place: lookUpPlace(request.query.q) }
    },
  )
}

export default placeRoutes
