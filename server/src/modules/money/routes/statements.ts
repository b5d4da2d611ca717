// GET /statements (the months with any of the host's money) and GET /statements/:month (what the host
// was paid that month). Every figure is the signed-in host's own, read from the money ledger.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { StatementMonthsSchema, StatementParamsSchema, StatementSchema } from '@contract/receipts'
import { buildStatement, hostEntries, hostEntriesBetween, monthBounds, paymentsFor, personName, statementMonths } from '../service/statement'
import { signedIn } from '../../../plugins/auth'
import { issuerOf } from '../service/issuer'

const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/statements', { config: { auth: 'user' }, schema: { response: { 200: StatementMonthsSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    const rows = await hostEntries(app.db, user.id)
    return { months: statementMonths(rows, await paymentsFor(app.db, rows)) }
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
      return { ...buildStatement(request.params.month, rows, await paymentsFor(app.db, rows)), host, issuer: issuerOf(app, request) }
    },
  )
}

export default statementRoutes
