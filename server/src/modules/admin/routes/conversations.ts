// Admin: the conversations an admin has closed (reopened with POST /admin/conversations/:a/:b/reopen).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ClosedConversationSchema, pageOf, PageQuerySchema } from '@contract/admin'
import { listClosedConversations } from '../../messaging/service/messages'

const person = (u: { id: string; firstName: string; lastName: string; email: string }) => ({
  id: u.id,
  name: `${u.firstName} ${u.lastName}`.trim(),
  email: u.email,
})

const closedConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/conversations/closed',
    { config: { auth: 'admin' }, schema: { querystring: PageQuerySchema, response: { 200: pageOf(ClosedConversationSchema) } } },
    async (request) => {
      const { page, limit } = request.query
      const { rows, total } = await listClosedConversations(app.db, { page, limit })
      return {
        items: rows.map(({ conversation: c, userA, userB }) => ({
          id: c.id,
          userA: person(userA),
          userB: person(userB),
          closedAt: c.closedAt!.toISOString(),
          closedBy: c.closedBy,
          lastMessage: c.lastMessageContent,
          messageCount: c.messageCount,
        })),
        total,
        page,
        limit,
      }
    },
  )
}

export default closedConversationRoutes
