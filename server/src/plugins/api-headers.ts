// An API answer in JSON is data, never a page: in place of the web app's content security policy (helmet's,
// about 1 KB with the others only a document reads, on every answer) it carries the short policy for data —
// nothing may load, no page may frame it. A chat's answers on a bad link are mostly headers otherwise.
// Images and files under /api (photos, the leads' CSV) keep helmet's headers: a person may open them in a tab.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { DOCUMENT_ONLY_HEADERS } from '../lib/document-headers'

export const API_POLICY = "default-src 'none'; frame-ancestors 'none'"

async function apiHeaders(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/') || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name)
    reply.header('content-security-policy', API_POLICY)
    return payload
  })
}

export default fp(apiHeaders, { name: 'api-headers' })
