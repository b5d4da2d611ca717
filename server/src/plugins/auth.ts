// Resolves the bearer token to a user, lazily and once per request; guards throw 401/403. A resolved
// session is reused for a short while (SESSION_CACHE_SECONDS) without asking the database, and dropped at
// once when the user's sessions or account change on any instance (plugins/change-sync.ts).
import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import { findActiveSession } from '../modules/accounts/queries/sessions'
import type { UserRow } from '../db/schema/users'
import type { ChangeVersions } from '../db/change-versions'
import { hashToken } from '../modules/accounts/service/sessions'
import { isAdminUser } from '../modules/accounts/service/users'
import { forbidden, unauthorized } from '../errors'

export interface AuthState {
  user: UserRow
  sessionId: string
  isAdmin: boolean
}

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler of a signed-in route: a 401 without a live session, else request.user and request.session. */
    authenticate(request: FastifyRequest): Promise<void>
    /** As authenticate, then a 403 for a user who is not an administrator. */
    requireAdmin(request: FastifyRequest): Promise<void>
  }
  interface FastifyRequest {
    /** The signed-in user for this request, or null; looked up at most once. */
    auth(): Promise<AuthState | null>
    /** The signed-in user: set once auth() has resolved (for logging), always set behind app.authenticate. */
    user?: UserRow
    /** The session behind request.user, set by app.authenticate; handlers read it through signedIn(). */
    session?: AuthState
  }
  interface FastifyContextConfig {
    /** 'optional': a route under a folder-wide app.authenticate that answers visitors too (it calls request.auth()). */
    auth?: 'optional'
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9_-]{20,200})$/

/** The session token of an Authorization header, or undefined (the one place that parses it). */
export function bearerTokenOf(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header.trim())?.[1] : undefined
}

export function bearerToken(request: FastifyRequest): string | undefined {
  return bearerTokenOf(request.headers.authorization)
}

/** The session of a request behind app.authenticate (or app.requireAdmin), typed as present. */
export function signedIn(request: FastifyRequest): AuthState {
  if (!request.session) throw unauthorized()
  return request.session
}

async function authenticate(request: FastifyRequest): Promise<void> {
  // A route that also answers visitors asks request.auth() itself, if and when it needs to.
  if (request.session || request.routeOptions.config.auth === 'optional') return
  const state = await request.auth()
  if (!state) throw unauthorized()
  request.session = state
}

async function requireAdmin(request: FastifyRequest): Promise<void> {
  await authenticate(request)
  if (!signedIn(request).isAdmin) throw forbidden('Only administrators can do that.')
}

export default fp(
  async (app) => {
    app.decorate('authenticate', authenticate)
    app.decorate('requireAdmin', requireAdmin)
    const cache = new WeakMap<FastifyRequest, Promise<AuthState | null>>()
    app.decorateRequest('auth', function (this: FastifyRequest) {
      let pending = cache.get(this)
      if (!pending) {
        const token = bearerToken(this)
        const versions = app.changes.versions as ChangeVersions<AuthState>
        const tokenHash = token ? hashToken(token) : undefined
        const known = tokenHash ? versions.session(tokenHash) : undefined
        if (known) this.user = known.user
        const at = versions.now()
        pending = known
          ? Promise.resolve(known)
          : tokenHash
            ? findActiveSession(app.db, tokenHash).then((found) => {
                if (!found) return null
                this.user = found.user
                const isAdmin = isAdminUser(found.user, app.config.adminEmails)
                const state = { user: found.user, sessionId: found.sessionId, isAdmin }
                versions.rememberSession(tokenHash, state, at, found.user.id, found.expiresAt)
                return state
              })
            : Promise.resolve(null)
        cache.set(this, pending)
      }
      return pending
    })
  },
  { name: 'auth', dependencies: ['change-sync'] },
)
