// Admin: close a conversation between two users (sending is refused from then on) or reopen it.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MESSAGE_ERRORS, uuidParam } from '../../../../src/schemas/messaging'
import { setConversationClosed } from '../../db/queries/conversations'
import { notFound } from '../../errors'
import { requireAdmin } from '../../plugins/auth'

const Pair = z.object({ userA: uuidParam, userB: uuidParam })
const Answer = z.object({ ok: z.literal(true), isAutoClosed: z.boolean() })

const adminConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const action of ['close', 'reopen'] as const) {
    app.post(`/admin/conversations/:userA/:userB/${action}`, { schema: { params: Pair, response: { 200: Answer } } }, async (request) => {
      const admin = await requireAdmin(request)
      const { userA, userB } = request.params
      const found = await setConversationClosed(app.db, userA, userB, action === 'close' ? admin.user.id : null)
      if (!found) throw notFound(MESSAGE_ERRORS.conversationNotFound)
      return { ok: true as const, isAutoClosed: action === 'close' }
    })
  }
}

export default adminConversationRoutes
