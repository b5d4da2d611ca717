// The cheapest answer the server gives: an open chat or conversation list polled again with the ETag it
// already has, from a session this instance knows, and nothing written since (domain/change-versions.ts).
// Checked in the first onRequest hook of our own, once the request is routed, logged and given the
// security headers (helmet's hook runs before it), and answered with a bare 304: no database, no
// validation, no handler. Anything else goes on as usual, where the routes make the same check once the
// session is read.
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify'
import fp from 'fastify-plugin'
import type { ChangeVersions } from '../domain/change-versions'
import { matchesEtag } from '../domain/messages'
import { hashToken } from '../domain/sessions'
import { bearerTokenOf, type AuthState } from './auth'

/** The remembered-ETag id of each polled view; the routes use the same ids. */
export const pollIds = {
  /** `search`: the query string as sent ('' for the whole list), since each page is its own answer. */
  list: (userId: string, search = '') => `list ${userId}${search}`,
  chat: (userId: string, otherUserId: string) => `chat ${userId} ${otherUserId}`,
}

const CHAT_PREFIX = '/api/messages/'
const LIST_PATH = '/api/conversations'

/** The ETag of an unchanged poll this instance can answer with a 304 at once, or undefined. */
export function unchangedPollEtag(versions: ChangeVersions<AuthState>, request: FastifyRequest): string | undefined {
  const header = request.headers['if-none-match']
  if (!header || request.method !== 'GET') return undefined
  const url = request.url
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  const isList = path === LIST_PATH
  // A chat: /api/messages/<uuid>, and nothing else under it (photos have their own route). Its version
  // covers every page and cursor of the chat, so the query string does not matter here.
  if (!isList && !(path.startsWith(CHAT_PREFIX) && path.length === CHAT_PREFIX.length + 36 && !path.includes('/', CHAT_PREFIX.length))) return undefined
  const token = bearerTokenOf(request.headers.authorization)
  const session = token ? versions.session(hashToken(token)) : undefined
  if (!session) return undefined
  const userId = session.user.id
  const etag = versions.etag(isList ? pollIds.list(userId, q === -1 ? '' : url.slice(q)) : pollIds.chat(userId, path.slice(CHAT_PREFIX.length)))
  return etag && matchesEtag(header, etag) ? etag : undefined
}

export default fp(
  async (app) => {
    const versions = app.changes.versions as ChangeVersions<AuthState>
    // A callback hook, not an async one: this runs on most requests the server gets.
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      const etag = unchangedPollEtag(versions, request)
      if (!etag) return done()
      reply.code(304).headers({ etag, 'cache-control': 'private, no-cache', vary: 'Authorization' }).send()
    })
  },
  { name: 'poll-fast-path', dependencies: ['@fastify/helmet', 'change-sync', 'auth'] },
)
