// Bookings and offers: requests and quotes, the state machine's steps, and checkout.
import type { FastifyPluginAsync } from 'fastify'
import actionRoutes from './actions'
import checkoutRoutes from './checkout'
import createRoutes from './create'
import doorCardRoutes from './door-card'
import instantBookRoutes from './instant-book'
import renewalRoutes from './renewal-routes'

const bookingsFeature: FastifyPluginAsync = async (app) => {
  await app.register(createRoutes)
  await app.register(actionRoutes)
  await app.register(checkoutRoutes)
  await app.register(renewalRoutes)
  await app.register(doorCardRoutes)
  await app.register(instantBookRoutes)
}

export default bookingsFeature
