// The trust and safety module's routes: reports and blocks, reviews, and the verifications.
import type { FastifyPluginAsync } from 'fastify'
import safetyRoutes from './safety'
import reviewRoutes from './reviews'
import badgeRoutes from './badges'
import identityRoutes from './identity'
import phoneRoutes from './phone'

const routes: FastifyPluginAsync = async (app) => {
  // Each its own plugin (its own hooks), as when the routes folder was autoloaded.
  await app.register(safetyRoutes)
  await app.register(reviewRoutes)
  await app.register(badgeRoutes)
  await app.register(identityRoutes)
  await app.register(phoneRoutes)
}

export default routes
