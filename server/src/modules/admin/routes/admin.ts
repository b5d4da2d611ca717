// The admin portal's API: every route here is refused before anything else runs (401 signed out,
// 403 not an admin), whatever its input, and answers private, never stored.
import type { FastifyPluginAsync } from 'fastify'
import auditRoutes from './audit'
import adminBookingRoutes from './bookings'
import adminBookingCancelRoutes from './booking-cancel'
import sandboxDisputeRoutes from './sandbox-disputes'
import disputeEvidenceRoutes from './dispute-evidence'
import closedConversationRoutes from './conversations'
import adminStorageRoutes from './storages'
import adminUserRoutes from './users'
import adminReviewRoutes from './reviews'
import adminReportRoutes from './reports'

const adminRoutes: FastifyPluginAsync = async (app) => {
  await app.register(adminUserRoutes)
  await app.register(adminStorageRoutes)
  await app.register(closedConversationRoutes)
  await app.register(auditRoutes)
  await app.register(adminBookingRoutes)
  await app.register(adminBookingCancelRoutes)
  await app.register(sandboxDisputeRoutes)
  await app.register(disputeEvidenceRoutes)
  await app.register(adminReviewRoutes)
  await app.register(adminReportRoutes)
}

export default adminRoutes
