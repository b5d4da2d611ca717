// Serves the built PWA: hashed assets cached for a year, the service worker and shell never cached, and
// every page navigation (app.sendPage, from the not-found handler): a page rendered at build time from
// its file, a page rendered per request by the server renderer (routes say which in their staticData),
// else index.html so client routes work on reload.
import { createHash, randomBytes } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { DOCUMENT_ONLY_HEADERS } from '../lib/document-headers'
import { publicBaseUrl } from '../lib/public-url'
import { PAGES_DIR, pagePathOf, SERVER_DIR, SERVER_ENTRY, SERVER_TEMPLATE, SERVER_TOUCH_TEMPLATE } from '@contract/prerendered-pages'

/** What the built server renderer exports (src/entry-server.tsx). */
type ServerRenderer = typeof import('../../../src/entry-server')

async function staticApp(app: FastifyInstance) {
  // An API-only server (no build found, and the tests) has no pages.
  const root = app.config.staticDir
  if (!root) return
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    // The build writes .br/.gz beside text files (scripts/vite/precompress.ts).
    preCompressed: true,
    // The server renderer lives in the build too; it is not part of the web app.
    allowedPath: (pathName) => !pathName.startsWith(`/${SERVER_DIR}/`),
    setHeaders(res, filePath) {
      const rel = path
        .relative(root, filePath)
        .split(path.sep)
        .join('/')
        .replace(/\.(br|gz)$/, '')
      if (rel.startsWith('assets/')) {
        res.header('cache-control', 'public, max-age=31536000, immutable')
        // Not SVGs, which can be opened as pages; the service worker's script (not under assets/) keeps them too.
        if (/\.(js|css)$/.test(rel)) for (const name of DOCUMENT_ONLY_HEADERS) res.removeHeader(name)
      } else if (rel === 'sw.js' || rel.endsWith('.html') || rel === 'manifest.webmanifest') res.header('cache-control', 'no-cache')
      else res.header('cache-control', 'public, max-age=3600')
    },
  })
  const renderer = await loadServerRenderer(root)
  const template = renderer && readFileSync(path.join(root, SERVER_DIR, SERVER_TEMPLATE), 'utf8')
  const touchTemplate = renderer && readFileSync(path.join(root, SERVER_DIR, SERVER_TOUCH_TEMPLATE), 'utf8')
  const built = buildTimePages(root)
  const fetch = injectFetch(app)
  const shell = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html')

  app.decorate('sendPage', (request: FastifyRequest, reply: FastifyReply, acceptsHtml: boolean) => {
    const pathname = request.url.split('?')[0]!
    const file = built.get(pathname)
    if (file) return reply.header('cache-control', 'no-cache').sendFile(file)
    // Rendered pages answer whatever the client accepts (link-preview crawlers send */* or nothing).
    if (renderer && template && renderer.serverRenderOf(pathname) === 'request') return renderRequest(request, reply, pathname)
    return acceptsHtml ? shell(reply) : undefined
  })

  // '/' would otherwise be @fastify/static's (its wildcard matches it): with no index file that is a 403,
  // or the bare shell when the client accepts an encoding. It is the landing page, for any client.
  app.get('/', (request, reply) => app.sendPage!(request, reply, true) ?? shell(reply))

  const renderRequest = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    if (!renderer || !template || !touchTemplate) return shell(reply)
    // Rendered per request with its data (a search's first results, a listing, a post), so a phone
    // paints it before any JavaScript has run. If rendering fails, the shell: the browser renders it.
    let page: Awaited<ReturnType<typeof renderer.renderPage>>
    try {
      page = await renderer.renderPage({
        url: request.url,
        origin: publicBaseUrl(app.config, request),
        fetch,
        template: renderer.serverStartsAtTouch(pathname) ? touchTemplate : template,
        nonce: allowScriptNonce(reply),
      })
    } catch (err) {
      request.log.error({ err, url: request.url }, 'rendering a page failed; sending the shell')
      return shell(reply)
    }
    // Search params the page would drop or reorder ("?minPrice=lots"): to the URL the page would show.
    if ('redirect' in page) return reply.header('cache-control', 'no-cache').redirect(page.redirect, 302)
    // Not found for a visitor (a listing only its host may see, a post not published): the shell with
    // the 404, so a signed-in host still sees their own listing once the app runs.
    if (page.status === 404) return shell(reply.status(404))
    return reply.status(page.status).header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.html)
  }
}

export default fp(staticApp, { name: 'static-app' })

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Answers a page navigation (GET, not under /api), or undefined when the path is no page the server
     * renders and the client did not ask for HTML. Only when the build is served (STATIC_DIR).
     */
    sendPage?: (request: FastifyRequest, reply: FastifyReply, acceptsHtml: boolean) => Promise<FastifyReply> | FastifyReply | undefined
  }
}

/**
 * A fresh nonce, allowed by this response's script-src (helmet's policy, set as the request arrived): the
 * router's inline hydration scripts on a page rendered now carry it.
 */
function allowScriptNonce(reply: FastifyReply): string | undefined {
  const csp = reply.getHeader('content-security-policy')
  if (typeof csp !== 'string' || !/(^|;)\s*script-src\b/.test(csp)) return undefined
  const nonce = randomBytes(16).toString('base64')
  reply.header(
    'content-security-policy',
    csp.replace(/((?:^|;)\s*script-src\b[^;]*)/, (directive) => `${directive} 'nonce-${nonce}'`),
  )
  return nonce
}

/** The built server renderer (src/entry-server.tsx), or undefined when the build has none. */
async function loadServerRenderer(root: string): Promise<ServerRenderer | undefined> {
  const entry = path.join(root, SERVER_DIR, SERVER_ENTRY)
  if (![entry, path.join(root, SERVER_DIR, SERVER_TEMPLATE), path.join(root, SERVER_DIR, SERVER_TOUCH_TEMPLATE)].every((f) => existsSync(f))) return undefined
  return (await import(pathToFileURL(entry).href)) as ServerRenderer
}

/**
 * fetch answered by this server itself (app.inject): the renderer's API client asks the same routes,
 * validation, caches and public views a browser would get, without a network hop.
 */
function injectFetch(app: FastifyInstance): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const res = await app.inject({
      method: request.method as 'GET',
      url: `${url.pathname}${url.search}`,
      headers: Object.fromEntries(request.headers),
      ...(request.body ? { payload: Buffer.from(await request.arrayBuffer()) } : {}),
    })
    const headers = new Headers()
    for (const [key, value] of Object.entries(res.headers)) {
      for (const v of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(key, String(v))
    }
    const empty = res.statusCode === 204 || res.statusCode === 304
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers })
  }
}

/** Path → file (relative to the build) for each page this build rendered at build time. */
export function buildTimePages(root: string): Map<string, string> {
  const dir = path.join(root, PAGES_DIR)
  if (!existsSync(dir)) return new Map()
  return new Map(
    readdirSync(dir)
      .filter((f) => f.endsWith('.html'))
      .map((f) => [pagePathOf(f), `${PAGES_DIR}/${f}`]),
  )
}

/**
 * CSP hashes ('sha256-…') of the inline scripts in the pages rendered at build time (the router's
 * hydration scripts), so `script-src 'self'` allows exactly them; pages rendered per request carry this
 * response's nonce instead. Data blocks (type="application/json") are not scripts the browser runs.
 */
export function prerenderedScriptHashes(root: string): string[] {
  const hashes = new Set<string>()
  for (const file of buildTimePages(root).values()) {
    const html = readFileSync(path.join(root, file), 'utf8')
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/json)[^>]*>([\s\S]*?)<\/script>/g)) {
      hashes.add(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`)
    }
  }
  return [...hashes]
}
