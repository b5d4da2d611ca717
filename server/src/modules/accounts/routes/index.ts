// The accounts module's routes: sign-up and sign-in, the account itself, profiles and referrals.
import type { FastifyPluginAsync } from 'fastify'
import authRoutes from './auth'
import accountRoutes from './account'
import findByEmailRoutes from './find-by-email'
import profileRoutes from './profile'
import referralRoutes from './referrals'

const routes: FastifyPluginAsync = async (app) => {
  // Each its own plugin (its own hooks), as when the routes folder was autoloaded.
  await app.register(authRoutes)
  await app.register(accountRoutes)
  await app.register(findByEmailRoutes)
  await app.register(profileRoutes)
  await app.register(referralRoutes)
}

export default routes
