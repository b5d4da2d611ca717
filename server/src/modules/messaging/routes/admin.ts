// Admin: close a conversation between two users (sending is refused from then on) or reopen it; each
// change is written to the audit log in the same transaction (service/admin-conversations.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { uuidParam } from '@contract/messaging'
import { signedIn } from '../../../plugins/auth'
import { setConversationClosedByAdmin } from '../service/admin-conversations'

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
        await setConversationClosedByAdmin(app.db, admin, userA, userB, action)
        return { ok: true as const, isAutoClosed: action === 'close' }
      },
    )
  }
}

export default adminConversationRoutes
