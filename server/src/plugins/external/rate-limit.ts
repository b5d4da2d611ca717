// Per-route limits (routes opt in with `config.rateLimit`), counted in PostgreSQL when there is one, so
// several instances share each limit.
import rateLimit, { type RateLimitPluginOptions } from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { postgresRateLimitStore } from '../rate-limit-store'

export const autoConfig = (app: FastifyInstance): RateLimitPluginOptions => ({
  global: false,
  ...(app.database.kind === 'postgres' ? { store: postgresRateLimitStore(app.database) } : {}),
})

export default rateLimit
