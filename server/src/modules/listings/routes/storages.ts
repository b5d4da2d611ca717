// Everything about storage listings: search, one listing, its calendar, photos, the host's own list, the price suggestion.
import type { FastifyPluginAsync } from 'fastify'
import availabilityRoutes from './availability'
import itemRoutes from './item'
import listRoutes from './list'
import photoRoutes from './photos'
import priceSuggestionRoutes from './price-suggestion'

const storageRoutes: FastifyPluginAsync = async (app) => {
  await app.register(listRoutes)
  await app.register(itemRoutes)
  await app.register(availabilityRoutes)
  await app.register(photoRoutes)
  await app.register(priceSuggestionRoutes)
}
export default storageRoutes
