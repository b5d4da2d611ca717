// The lead feature's routes: public lead capture and the admin views of leads and the email outbox.
import type { FastifyPluginAsync } from 'fastify'
import adminLeadRoutes from './admin'
import leadRoutes from './public'

const leadsFeature: FastifyPluginAsync = async (app) => {
  await app.register(leadRoutes)
  await app.register(adminLeadRoutes)
}

export default leadsFeature
