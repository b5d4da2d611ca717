// API answers may depend on who asks (the bearer token): every one that is not explicitly public says
// `Vary: Authorization`, and an authenticated answer without its own rule is `private, no-store`, so no
// shared cache (proxy, CDN) or browser HTTP cache keeps it for the next user of a device. Routes that
// set their own rule for private data use `private, no-cache` with a version tag, never a long max-age.
// The service worker applies the same rule on its side.
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

async function apiCacheControl(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/')) return payload
    const cacheControl = String(reply.getHeader('cache-control') ?? '')
    if (request.headers.authorization && !cacheControl) reply.header('cache-control', 'private, no-store')
    if (!/\bpublic\b/.test(cacheControl)) {
      const vary = String(reply.getHeader('vary') ?? '')
      if (!/\bauthorization\b/i.test(vary)) reply.header('vary', vary ? `${vary}, Authorization` : 'Authorization')
    }
    return payload
  })
}

export default fp(apiCacheControl, { name: 'api-cache-control' })
