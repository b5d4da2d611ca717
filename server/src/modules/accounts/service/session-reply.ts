// Starts a session for a user and builds the {token, user} answer register and login share.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { userIsHost } from '../queries/host-status'
import { insertSession } from '../queries/sessions'
import type { UserRow } from '../../../db/schema/users'
import { hashToken, newSessionToken, sessionExpiry } from './sessions'
import { isAdminUser, toUserDto } from './users'

export async function startSession(app: FastifyInstance, request: FastifyRequest, user: UserRow) {
  const token = newSessionToken()
  await insertSession(app.db, {
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: sessionExpiry(),
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
  })
  return { token, user: await userDto(app, user) }
}

export async function userDto(app: FastifyInstance, user: UserRow) {
  return toUserDto(user, { isAdmin: isAdminUser(user, app.config.adminEmails), isHost: await userIsHost(app.db, user.id) })
}
