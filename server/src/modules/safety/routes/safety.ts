// Report and block, for signed-in users: POST /reports; GET /blocks, GET /blocks/with/:userId, PUT and
// DELETE /blocks/:userId. The admin queue is under modules/admin/routes/reports.ts.
import type { FastifyPluginAsync } from 'fastify'
import blockRoutes from './blocks'
import reportRoutes from './reports'

const safetyRoutes: FastifyPluginAsync = async (app) => {
  await app.register(reportRoutes)
  await app.register(blockRoutes)
}

export default safetyRoutes
