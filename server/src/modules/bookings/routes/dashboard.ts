// GET /dashboard/host and GET /dashboard/storee: the figures the two dashboards show, for the signed-in
// user only (service/dashboard.ts: every query is filtered by their id, so there is no other owner to check).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HostDashboardSchema, StoreeDashboardSchema } from '@contract/dashboard'
import { hostDashboard, storeeDashboard } from '../service/dashboard'
import { signedIn } from '../../../plugins/auth'

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard/host', { config: { auth: 'user' }, schema: { response: { 200: HostDashboardSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    return hostDashboard(app.db, user.id)
  })

  app.get('/dashboard/storee', { config: { auth: 'user' }, schema: { response: { 200: StoreeDashboardSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    return storeeDashboard(app.db, user.id)
  })
}

export default dashboardRoutes
