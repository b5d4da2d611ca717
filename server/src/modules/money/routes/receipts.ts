// Receipts and hosts' statements, read from the money ledger (written only from verified Stripe events).
import type { FastifyPluginAsync } from 'fastify'
import receiptRoutes from './receipt'
import statementRoutes from './statements'

const receiptsFeature: FastifyPluginAsync = async (app) => {
  await app.register(receiptRoutes)
  await app.register(statementRoutes)
}

export default receiptsFeature
