// Admin: close a conversation between two users (sending is refused from then on) or reopen it; each
// change is written to the audit log in the same transaction.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { MESSAGE_ERRORS, uuidParam } from '@contract/messaging'
import { findConversationByPair, setConversationClosed } from '../queries/conversations'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { recordAudit } from '../../admin/routes/audit'

const Pair = z.object({ userA: uuidParam, userB: uuidParam })
const Answer = z.object({ ok: z.literal(true), isAutoClosed: z.boolean() })

const adminConversationRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const action of ['close', 'reopen'] as const) {
    app.post(
      `/admin/conversations/:userA/:userB/${action}`,
      { config: { auth: 'admin' }, schema: { params: Pair, response: { 200: Answer } } },
      async (request) => {
        const admin = signedIn(request)
        const { userA, userB } = request.params
        await app.db.transaction(async (tx) => {
          const before = await findConversationByPair(tx, userA, userB)
          if (!before) throw notFound(MESSAGE_ERRORS.conversationNotFound)
          await setConversationClosed(tx, userA, userB, action === 'close' ? admin.user.id : null)
          const wasClosed = Boolean(before.closedAt)
          if (wasClosed === (action === 'close')) return // no change, nothing to record
          await recordAudit(tx, admin, {
            action: `conversation.${action}`,
            targetType: 'conversation',
            targetId: before.id,
            before: { closedAt: before.closedAt?.toISOString() ?? null, users: [before.userLow, before.userHigh] },
            after: { closedAt: action === 'close' ? new Date().toISOString() : null },
          })
        })
        return { ok: true as const, isAutoClosed: action === 'close' }
      },
    )
  }
}

export default adminConversationRoutes
