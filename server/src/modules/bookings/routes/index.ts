// The bookings module's routes: bookings and offers, invites, visits and the two dashboards.
import type { FastifyPluginAsync } from 'fastify'
import bookingRoutes from './bookings'
import inviteRoutes from './invites'
import visitRoutes from './visits'
import dashboardRoutes from './dashboard'

const routes: FastifyPluginAsync = async (app) => {
  // Each its own plugin (its own hooks), as when the routes folder was autoloaded.
  await app.register(bookingRoutes)
  await app.register(inviteRoutes)
  await app.register(visitRoutes)
  await app.register(dashboardRoutes)
}

export default routes
