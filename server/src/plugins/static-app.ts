// Serves the built PWA: hashed assets cached for a year, the service worker and shell never cached,
// and any unknown non-API path answered with index.html so client routes work on reload.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import fp from 'fastify-plugin'
import { PRERENDERED_PAGES } from '../../../src/lib/prerendered-pages'

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
  // The lead and information pages, prerendered at build time (scripts/vite/prerender.ts): their HTML
  // already holds the page, so a phone paints it before the JavaScript arrives. Without a prerendered
  // file (a failed prerender), the shell answers as for any other page.
  const pages = prerenderedPages(opts.root)
  for (const [url, file] of pages) app.get(url, (_req, reply) => reply.header('cache-control', 'no-cache').sendFile(file))
  if (!pages.has('/')) app.get('/', (_req, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html'))
})

/** Path → file (relative to the build) for each prerendered page that exists in this build. */
export function prerenderedPages(root: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const [url, file] of Object.entries(PRERENDERED_PAGES)) {
    if (existsSync(path.join(root, 'pages', file))) out.set(url, `pages/${file}`)
  }
  return out
}

/**
 * CSP hashes ('sha256-…') of the inline scripts in the prerendered pages (the one-line boot that starts
 * the app after the first paint), so `script-src 'self'` can allow exactly them and nothing else inline.
 */
export function prerenderedScriptHashes(root: string): string[] {
  const hashes = new Set<string>()
  for (const file of prerenderedPages(root).values()) {
    const html = readFileSync(path.join(root, file), 'utf8')
    for (const m of html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`)
    }
  }
  return [...hashes]
}
