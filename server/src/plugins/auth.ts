// Resolves the bearer token to a user, lazily and once per request; guards throw 401/403.
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { findActiveSession } from '../db/queries/sessions'
import type { UserRow } from '../db/schema/users'
import { hashToken } from '../domain/sessions'
import { forbidden, unauthorized } from '../errors'

export interface AuthState {
  user: UserRow
  sessionId: string
  isAdmin: boolean
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user for this request, or null; looked up at most once. */
    auth(): Promise<AuthState | null>
    /** Set once auth() has resolved, for logging. */
    user?: UserRow
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  if (!header) return undefined
  const match = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/.exec(header.trim())
  return match?.[1]
}

export async function requireUser(request: FastifyRequest): Promise<AuthState> {
  const state = await request.auth()
  if (!state) throw unauthorized()
  return state
}

export async function requireAdmin(request: FastifyRequest): Promise<AuthState> {
  const state = await requireUser(request)
  if (!state.isAdmin) throw forbidden('Only administrators can do that.')
  return state
}

export default fp(async (app) => {
  const cache = new WeakMap<FastifyRequest, Promise<AuthState | null>>()
  app.decorateRequest('auth', function (this: FastifyRequest) {
    let pending = cache.get(this)
    if (!pending) {
      const token = bearerToken(this)
      pending = token
        ? findActiveSession(app.db, hashToken(token)).then((found) => {
            if (!found) return null
            this.user = found.user
            const isAdmin = found.user.isAdmin || app.config.adminEmails.includes(found.user.email.toLowerCase())
            return { user: found.user, sessionId: found.sessionId, isAdmin }
          })
        : Promise.resolve(null)
      cache.set(this, pending)
    }
    return pending
  })
})
