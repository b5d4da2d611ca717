// GET /storages/price-suggestion: the listing editor's suggested monthly range from comparable listings
// nearby (contract/price-suggestion.ts). Signed-in: a host asks while writing a listing, and their own
// listings are left out of the comparison.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PriceSuggestionQuerySchema, PriceSuggestionSchema } from '@contract/price-suggestion'
import { suggestPrice } from '../service/price-suggestion'
import { signedIn } from '../../../plugins/auth'

const priceSuggestionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/storages/price-suggestion',
    { config: { auth: 'user' }, schema: { querystring: PriceSuggestionQuerySchema, response: { 200: PriceSuggestionSchema } } },
    async (request, reply) => {
      const { user } = signedIn(request)
      reply.header('cache-control', 'private, no-store')
      return suggestPrice(app.database, request.query, user.id)
    },
  )
}
export default priceSuggestionRoutes
