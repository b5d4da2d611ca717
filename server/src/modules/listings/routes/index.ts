// The listings module's routes: listings and search, places, saved listings and saved searches.
import type { FastifyPluginAsync } from 'fastify'
import storageRoutes from './storages'
import placeRoutes from './places'
import savedRoutes from './saved'
import savedSearchRoutes from './saved-searches'

const routes: FastifyPluginAsync = async (app) => {
  // Each its own plugin (its own hooks), as when the routes folder was autoloaded.
  await app.register(storageRoutes)
  await app.register(placeRoutes)
  await app.register(savedRoutes)
  await app.register(savedSearchRoutes)
}

export default routes
