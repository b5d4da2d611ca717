// Serves the built PWA: hashed assets cached for a year, the service worker and shell never cached,
// the prerendered pages, /storages rendered per request, and any unknown non-API path answered with
// index.html so client routes work on reload.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { publicBaseUrl } from '../domain/public-url'
import { PRERENDERED_PAGES, SERVER_DIR, SERVER_ENTRY, SERVER_TEMPLATE, type ServerRenderer } from '../../../src/lib/prerendered-pages'

export default fp<{ root: string }>(async (app, opts) => {
  await app.register(fastifyStatic, {
    root: opts.root,
    wildcard: true,
    index: false,
    // The build writes .br/.gz beside text files (scripts/vite/precompress.ts).
    preCompressed: true,
    // The server renderer lives in the build too; it is not part of the web app.
    allowedPath: (pathName) => !pathName.startsWith(`/${SERVER_DIR}/`),
    setHeaders(res, filePath) {
      const rel = path
        .relative(opts.root, filePath)
        .split(path.sep)
        .join('/')
        .replace(/\.(br|gz)$/, '')
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

  // The storage search, rendered per request with its first page of results (the same search the page
  // would ask the API for), so a phone paints listings before any JavaScript has run. Without the
  // renderer, or if rendering fails, the shell answers and the page renders in the browser.
  const renderer = await loadServerRenderer(app, opts.root)
  if (renderer) {
    const template = readFileSync(path.join(opts.root, SERVER_DIR, SERVER_TEMPLATE), 'utf8')
    app.get('/storages', async (request, reply) => {
      let html: Awaited<ReturnType<ServerRenderer['renderPage']>>
      try {
        html = await renderer.renderPage(request.url, template)
      } catch (err) {
        request.log.error({ err }, 'rendering /storages failed; sending the shell')
        return reply.header('cache-control', 'no-cache').sendFile('index.html')
      }
      // Search params the page would drop or reorder ("?minPrice=lots"): to the URL the page would show.
      if (typeof html !== 'string') return reply.header('cache-control', 'no-cache').redirect(html.redirect, 302)
      return sendCompressed(request, reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8'), html)
    })

    // The blog, rendered per request like /storages so posts are indexable and shareable (description and
    // Open Graph tags in the HTML). An unknown or unpublished post is the page's "not found", with a 404.
    const renderBlog = async (request: FastifyRequest, reply: FastifyReply, status: number) => {
      let html: Awaited<ReturnType<ServerRenderer['renderPage']>>
      try {
        html = await renderer.renderPage(request.url, template, publicBaseUrl(app.config, request))
      } catch (err) {
        request.log.error({ err }, 'rendering a blog page failed; sending the shell')
        return reply.header('cache-control', 'no-cache').sendFile('index.html')
      }
      if (typeof html !== 'string') return reply.header('cache-control', 'no-cache').redirect(html.redirect, 302)
      return sendCompressed(request, reply.status(status).header('cache-control', 'no-cache').type('text/html; charset=utf-8'), html)
    }
    app.get('/blog', (request, reply) => renderBlog(request, reply, 200))
    app.get<{ Params: { slug: string } }>('/blog/:slug', async (request, reply) => {
      const found = await app.inject({ method: 'GET', url: `/api/blog-posts/${encodeURIComponent(request.params.slug)}` })
      return renderBlog(request, reply, found.statusCode === 404 ? 404 : 200)
    })
  }
})

/**
 * The built server renderer (src/entry-server.tsx), with its storage search answered by this server's
 * own GET /api/storages (validation, search cache and the public view of each listing included), or
 * undefined when the build has none.
 */
async function loadServerRenderer(app: FastifyInstance, root: string): Promise<ServerRenderer | undefined> {
  const entry = path.join(root, SERVER_DIR, SERVER_ENTRY)
  if (!existsSync(entry) || !existsSync(path.join(root, SERVER_DIR, SERVER_TEMPLATE))) return undefined
  const renderer = (await import(pathToFileURL(entry).href)) as ServerRenderer
  renderer.installBrowserGlobals()
  renderer.setServerBlogSource({
    page: (page) => apiJson(app, `/api/blog-posts?page=${page}`),
    post: (slug) => apiJson(app, `/api/blog-posts/${encodeURIComponent(slug)}`),
  })
  renderer.setServerStoragePages(async (search, page, limit) => {
    const query = new URLSearchParams()
    for (const [key, value] of Object.entries({ ...search, page, limit })) if (value != null) query.set(key, String(value))
    const res = await app.inject({ method: 'GET', url: `/api/storages?${query}` })
    if (res.statusCode !== 200) throw new Error(`GET /api/storages answered ${res.statusCode}: ${res.body.slice(0, 200)}`)
    const corrected = res.headers['x-search-corrected']
    return {
      items: res.json(),
      total: Number(res.headers['x-total-count'] ?? 0),
      page,
      correctedQuery: typeof corrected === 'string' ? decodeURIComponent(corrected) : undefined,
    }
  })
  return renderer
}

/** A public API answer, asked of this server itself; a failure is thrown as the browser's client would (status kept). */
async function apiJson(app: FastifyInstance, url: string): Promise<unknown> {
  const res = await app.inject({ method: 'GET', url })
  if (res.statusCode !== 200) throw Object.assign(new Error(`GET ${url} answered ${res.statusCode}`), { status: res.statusCode, body: res.json() })
  return res.json()
}

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

/** A rendered page, compressed as the browser accepts (brotli, else gzip): about 15 KB instead of 80. */
async function sendCompressed(request: FastifyRequest, reply: FastifyReply, html: string) {
  const accepts = String(request.headers['accept-encoding'] ?? '')
  reply.header('vary', 'accept-encoding')
  if (/\bbr\b/.test(accepts)) {
    const body = await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html) } })
    return reply.header('content-encoding', 'br').send(body)
  }
  if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gzipAsync(html))
  return reply.send(html)
}

/** Path → file (relative to the build) for each prerendered page that exists in this build. */
export function prerenderedPages(root: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const [url, file] of Object.entries(PRERENDERED_PAGES)) {
    if (existsSync(path.join(root, 'pages', file))) out.set(url, `pages/${file}`)
  }
  return out
}

/**
 * CSP hashes ('sha256-…') of the inline scripts in the prerendered pages and the server-rendered page
 * template (the one-line boot that starts the app after the first paint), so `script-src 'self'` can allow exactly them and nothing else inline.
 */
export function prerenderedScriptHashes(root: string): string[] {
  const hashes = new Set<string>()
  const files = [...prerenderedPages(root).values(), path.join(SERVER_DIR, SERVER_TEMPLATE)].filter((f) => existsSync(path.join(root, f)))
  for (const file of files) {
    const html = readFileSync(path.join(root, file), 'utf8')
    for (const m of html.matchAll(/<script type="module">([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`)
    }
  }
  return [...hashes]
}
