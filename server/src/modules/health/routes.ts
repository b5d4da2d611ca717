// GET /health: liveness plus which database answers.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { sql } from 'drizzle-orm'
import { z } from 'zod'

const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', { schema: { response: { 200: z.object({ ok: z.literal(true), db: z.enum(['pglite', 'postgres']) }) } } }, async () => {
    await app.db.execute(sql`select 1`)
    return { ok: true as const, db: app.dbKind }
  })
}
export default healthRoutes
