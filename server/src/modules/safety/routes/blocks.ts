// Blocking a user: PUT and DELETE /blocks/:userId (idempotent), the caller's list (GET /blocks, for
// /profile) and the state a chat shows instead of its composer (GET /blocks/with/:userId). The send
// paths refuse by modules/safety/service/blocks.ts.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { uuidParam } from '@contract/messaging'
import { BlockListSchema, BlockStatusSchema } from '@contract/safety'
import { findUserById } from '../../accounts/service/users'
import { blockStatus, deleteBlock, insertBlock, listBlockedBy } from '../service/blocks'
import { badRequest, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'

const Params = z.object({ userId: uuidParam })

const blockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/blocks', { config: { auth: 'user' }, schema: { response: { 200: BlockListSchema } } }, async (request) => {
    const { user } = signedIn(request)
    const rows = await listBlockedBy(app.db, user.id)
    return { blocked: rows.map((r) => ({ ...r, blockedAt: r.blockedAt.toISOString() })) }
  })

  app.get('/blocks/with/:userId', { config: { auth: 'user' }, schema: { params: Params, response: { 200: BlockStatusSchema } } }, async (request) => {
    const { user } = signedIn(request)
    return blockStatus(app.db, user.id, request.params.userId)
  })

  app.put('/blocks/:userId', { config: { auth: 'user' }, schema: { params: Params, response: { 200: BlockStatusSchema } } }, async (request) => {
    const { user } = signedIn(request)
    const { userId } = request.params
    if (userId === user.id) throw badRequest('You cannot block yourself.', 'userId')
    if (!(await findUserById(app.db, userId))) throw notFound('User not found.')
    await insertBlock(app.db, user.id, userId)
    return blockStatus(app.db, user.id, userId)
  })

  app.delete('/blocks/:userId', { config: { auth: 'user' }, schema: { params: Params, response: { 200: BlockStatusSchema } } }, async (request) => {
    const { user } = signedIn(request)
    await deleteBlock(app.db, user.id, request.params.userId)
    return blockStatus(app.db, user.id, request.params.userId)
  })
}

export default blockRoutes
