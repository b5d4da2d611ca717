// Resolves the bearer token to a user, lazily and once per request, and enforces the `config.auth` each
// /api route declares (401 without a session, 403 for a non-admin). A resolved session is reused for a
// short while (SESSION_CACHE_SECONDS) without asking the database, and dropped at once when the user's
// sessions or account change on any instance (plugins/change-sync.ts).
import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
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

/**
 * Who may call a route; every route under /api declares one (the app refuses to start otherwise).
 * - 'public': anyone, and the answer does not depend on who asks.
 * - 'optional': anyone; the handler reads the session itself (request.auth()) and may answer differently.
 * - 'user': a live session, checked after validation (preHandler): 401 without one.
 * - 'admin': checked before anything else runs (onRequest), whatever the input: 401, then 403.
 */
export const AUTH_MODES = ['public', 'optional', 'user', 'admin'] as const
export type AuthMode = (typeof AUTH_MODES)[number]

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user for this request, or null; looked up at most once. */
    auth(): Promise<AuthState | null>
    /** The signed-in user: set once auth() has resolved (for logging), always set on a 'user' or 'admin' route. */
    user?: UserRow
    /** The session behind request.user on a 'user' or 'admin' route; handlers read it through signedIn(). */
    session?: AuthState
  }
  interface FastifyContextConfig {
    /** Who may call the route (see AuthMode); required under /api. */
    auth?: AuthMode
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

/** The session of a request on a 'user' or 'admin' route, typed as present. */
export function signedIn(request: FastifyRequest): AuthState {
  if (!request.session) throw unauthorized()
  return request.session
}

async function authenticate(request: FastifyRequest): Promise<void> {
  const state = await request.auth()
  if (!state) throw unauthorized()
  request.session = state
}

async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await authenticate(request)
  if (!signedIn(request).isAdmin) throw forbidden('Only administrators can do that.')
  reply.header('cache-control', 'private, no-store')
}

type Hooks = RouteOptions['preHandler']
const listOf = (hooks: Hooks) => (hooks ? (Array.isArray(hooks) ? hooks : [hooks]) : [])

/**
 * Adds the route's check: 'user' first among its preHandlers (after validation, where its 401 has always
 * been), 'admin' after its other onRequest hooks (a route's rate limit still counts first). Refuses a
 * route under /api that declares no mode, so a new route cannot be public by forgetting.
 */
function enforceDeclaredAuth(route: RouteOptions): void {
  const mode = route.config?.auth
  if (mode === undefined && !/^\/api(\/|$)/.test(route.url)) return
  if (!AUTH_MODES.includes(mode as AuthMode)) {
    throw new Error(`${String(route.method)} ${route.url} must declare config.auth (${AUTH_MODES.join(', ')}), not ${String(mode)}`)
  }
  if (mode === 'user') route.preHandler = [authenticate, ...listOf(route.preHandler)] as Hooks
  if (mode === 'admin') route.onRequest = [...listOf(route.onRequest as Hooks), requireAdmin] as RouteOptions['onRequest']
}

export default fp(
  async (app) => {
    app.addHook('onRoute', enforceDeclaredAuth)
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
