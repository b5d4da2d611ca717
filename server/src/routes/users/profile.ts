// GET and PATCH /user-profile: the signed-in user's own account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ProfileUpdateSchema, UserSchema } from '../../../../src/schemas/user'
import { findUserByEmail, updateUser } from '../../db/queries/users'
import { conflict } from '../../errors'
import { requireUser } from '../../plugins/auth'
import { userDto } from '../auth/session-reply'

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/user-profile', { schema: { response: { 200: UserSchema } } }, async (request, reply) => {
    const { user } = await requireUser(request)
    reply.header('cache-control', 'private, no-store')
    return userDto(app, user)
  })

  app.patch('/user-profile', { schema: { body: ProfileUpdateSchema, response: { 200: UserSchema } } }, async (request) => {
    const { user } = await requireUser(request)
    const changes = request.body
    if (changes.email && changes.email !== user.email.toLowerCase()) {
      const taken = await findUserByEmail(app.db, changes.email)
      if (taken && taken.id !== user.id) throw conflict('Another account already uses this email.', 'email')
    }
    const updated = await updateUser(app.db, user.id, changes)
    if (!updated) throw conflict('Another account already uses this email.', 'email')
    return userDto(app, updated)
  })
}

export default profileRoutes
