// The cheapest answer the server gives: an open chat or conversation list polled again with the ETag it
// already has, from a session this instance knows, and nothing written since (db/change-versions.ts).
// Checked on the raw request before Fastify sees it (app.ts passes it as the server's first handler) and
// answered with a bare 304: no database, no routing, no hooks, no security headers a bodyless answer
// would not use (the browser keeps the stored response's), no log line. Anything else goes on to Fastify
// as usual, where the routes make the same check once the session is read. Not an onRequest hook: there
// each 304 cost about three times the server CPU (routing, the request log, helmet; see the README).
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { ChangeVersions } from '../db/change-versions'
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

/** Answers the request with a 304 and returns true, or returns false having touched nothing. */
export function answerUnchangedPoll(versions: ChangeVersions<AuthState> | undefined, req: IncomingMessage, res: ServerResponse): boolean {
  const header = req.headers['if-none-match']
  const url = req.url ?? ''
  if (!versions || !header || req.method !== 'GET') return false
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  const isList = path === LIST_PATH
  // A chat: /api/messages/<uuid>, and nothing else under it (photos have their own route). Its version
  // covers every page and cursor of the chat, so the query string does not matter here.
  if (!isList && !(path.startsWith(CHAT_PREFIX) && path.length === CHAT_PREFIX.length + 36 && !path.includes('/', CHAT_PREFIX.length))) return false
  const token = bearerTokenOf(req.headers.authorization)
  const session = token ? versions.session(hashToken(token)) : undefined
  if (!session) return false
  const userId = session.user.id
  const etag = versions.etag(isList ? pollIds.list(userId, q === -1 ? '' : url.slice(q)) : pollIds.chat(userId, path.slice(CHAT_PREFIX.length)))
  if (!etag || !matchesEtag(header, etag)) return false
  res.writeHead(304, { etag, 'cache-control': 'private, no-cache', vary: 'Authorization' })
  res.end()
  return true
}
