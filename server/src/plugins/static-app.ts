// Serves the built PWA: hashed assets cached for a year, the service worker and shell never cached,
// and any unknown non-API path answered with index.html so client routes work on reload.
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'

export default fp<{ root: string }>(async (app, opts) => {
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: true,
    index: false,
    // The build writes .br/.gz beside text files (scripts/vite/precompress.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      const rel = path.relative(opts.root, filePath).split(path.sep).join('/').replace(/\.(br|gz)$/, '')
      if (rel.startsWith('assets/')) res.header('cache-control', 'public, max-age=31536000, immutable')
      else if (rel === 'sw.js' || rel.endsWith('.html') || rel === 'manifest.webmanifest') res.header('cache-control', 'no-cache')
      else res.header('cache-control', 'public, max-age=3600')
    },
  })
  app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'))
})
