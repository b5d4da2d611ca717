// GET /health: liveness plus which database answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { databaseAnswers } from './service'

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { auth: 'public' }, schema: { response: { 200: z.object({ ok: z.literal(true), db: z.enum(['pglite', 'postgres']) }) } } },
    async () => {
      await databaseAnswers(app.db)
      return { ok: true as const, db: app.dbKind }
    },
  )
}
export default healthRoutes
