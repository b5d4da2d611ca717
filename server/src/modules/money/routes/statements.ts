// GET /statements (the months with any of the host's money) and GET /statements/:month (what the host
// was paid that month). Every figure is the signed-in host's own, read from the money ledger.
import type { FastifyInstance } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { StatementMonthsSchema, StatementParamsSchema, StatementSchema } from '@contract/receipts'
import { hostEntries, hostEntriesBetween, paymentsOfCharges, personName } from '../queries/receipts'
import type { LedgerRow } from '../../../db/schema/ledger'
import { buildStatement, monthBounds, statementMonths, type PaymentContext } from '../service/statement'
import { signedIn } from '../../../plugins/auth'
import { issuerOf } from '../service/issuer'

/** The payments behind the charges of these rows (some may be from earlier months). */
async function paymentsFor(app: FastifyInstance, rows: LedgerRow[]) {
  const charges = [...new Set(rows.flatMap((r) => (r.chargeId ? [r.chargeId] : [])))]
  const found = await paymentsOfCharges(app.db, charges)
  return new Map<string, PaymentContext>(found.map((f) => [f.entry.chargeId!, { payment: f.entry, storageTitle: f.storage?.title ?? null, renter: f.renter }]))
}

const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/statements', { config: { auth: 'user' }, schema: { response: { 200: StatementMonthsSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    const rows = await hostEntries(app.db, user.id)
    return { months: statementMonths(rows, await paymentsFor(app, rows)) }
  })

  app.get(
    '/statements/:month',
    { config: { auth: 'user' }, schema: { params: StatementParamsSchema, response: { 200: StatementSchema } } },
    async (request, reply) => {
      const { user } = signedIn(request)
      reply.header('cache-control', 'private, no-store')
      const [from, to] = monthBounds(request.params.month)
      const rows = await hostEntriesBetween(app.db, user.id, from, to)
      const host = (await personName(app.db, user.id)) ?? { firstName: user.firstName, lastName: user.lastName }
      return { ...buildStatement(request.params.month, rows, await paymentsFor(app, rows)), host, issuer: issuerOf(app, request) }
    },
  )
}

export default statementRoutes
