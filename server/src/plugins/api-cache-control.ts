// Authenticated API answers are the user's alone: mark them `private, no-store` so no shared cache
// (proxy, CDN) or browser HTTP cache keeps them. The service worker applies the same rule on its side.
import fp from 'fastify-plugin'

export default fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.url.startsWith('/api/') && request.headers.authorization && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'private, no-store')
    }
    return payload
  })
})
