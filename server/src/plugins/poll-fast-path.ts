// The cheapest answer the server gives: an open chat or conversation list polled again with the ETag it
// already has, from a session this instance knows, and nothing written since (db/change-versions.ts).
// Fastify's first onRequest hook (app.ts registers this plugin before any other adds a hook): the route
// is found, then the hook answers a bare 304 and hijacks the reply, so no other hook, no serializer and
// no security headers a bodyless answer would not use (the browser keeps the stored response's); no
// database. The log controller (app.ts) asks unchangedPollEtag too, so these polls write no request log
// line while every other request does. Anything else goes on as usual, where the routes make the same
// check once the session is read. Measured with `npm run bench -- polling` (docs/benchmarks.md).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { ChangeVersions } from '../db/change-versions'
import { matchesEtag, pollIds } from '../modules/messaging/service/messages'
import { hashToken } from '../modules/accounts/service/sessions'
import { bearerTokenOf, type AuthState } from './auth'

declare module 'fastify' {
  interface FastifyRequest {
    /** The ETag an unchanged poll is answered with, '' for any other request; null until asked. Read through unchangedPollEtag. */
    pollEtag: string | null
  }
}

const CHAT_PREFIX = '/api/messages/'
const LIST_PATH = '/api/conversations'

function findEtag(request: FastifyRequest): string {
  const header = request.headers['if-none-match']
  if (!header || request.method !== 'GET') return ''
  const url = request.url
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  const isList = path === LIST_PATH
  // A chat: /api/messages/<uuid>, and nothing else under it (photos have their own route). Its version
  // covers every page and cursor of the chat, so the query string does not matter here.
  if (!isList && !(path.startsWith(CHAT_PREFIX) && path.length === CHAT_PREFIX.length + 36 && !path.includes('/', CHAT_PREFIX.length))) return ''
  const versions = request.server.changes.versions as ChangeVersions<AuthState>
  const token = bearerTokenOf(request.headers.authorization)
  const session = token ? versions.session(hashToken(token)) : undefined
  if (!session) return ''
  const userId = session.user.id
  const etag = versions.etag(isList ? pollIds.list(userId, q === -1 ? '' : url.slice(q)) : pollIds.chat(userId, path.slice(CHAT_PREFIX.length)))
  return etag && matchesEtag(header, etag) ? etag : ''
}

/** The ETag this request is an unchanged poll of, or ''; checked once per request. */
export function unchangedPollEtag(request: FastifyRequest): string {
  return (request.pollEtag ??= findEtag(request))
}

// Given by buildApp (app.ts) before the autoloaded phases: its hook must come before helmet's.
export const autoload = false

export default fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('pollEtag', null)
    app.addHook('onRequest', (request, reply, done) => {
      const etag = unchangedPollEtag(request)
      if (!etag) return done()
      reply.hijack()
      reply.raw.writeHead(304, { etag, 'cache-control': 'private, no-cache', vary: 'Authorization' })
      reply.raw.end()
    })
  },
  { name: 'poll-fast-path' },
)
