// Rendering a page to HTML on the server with TanStack Router's own SSR (createRequestHandler, then
// renderRouterToString with RouterServer), for a signed-out visitor; the browser hydrates it with
// RouterClient (src/main.tsx). Routes say in their staticData whether they are rendered at build time
// (the lead and information pages: scripts/vite/prerender.ts) or per request (the search, listings and
// the blog: server/src/plugins/static-app.ts). Built into dist/server/ by the prerender plugin.
import { StrictMode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createRequestHandler, renderRouterToString, RouterServer } from '@tanstack/react-router/ssr/server'
import { AuthProvider } from './features/auth/auth-context'
import { serverApiClient } from './lib/api-client'
import { titleOf } from './lib/page-title'
import { createQueryClient } from './lib/query-client'
import { PRERENDERED_ATTR } from './lib/prerender'
import { START_SCRIPT_ATTR } from '@contract/prerendered-pages'
import { createAppRouter, type ServerRender } from './router'

export interface RenderRequest {
  /** The path and query asked for. */
  url: string
  /** The site's public origin (absolute links in Open Graph tags; the API client's base). */
  origin: string
  /** Answers the page's API requests (the API server itself; at build time, nothing). */
  fetch: typeof globalThis.fetch
  /** The built index.html to fill: #root empty, styles inline. */
  template: string
  /** This response's CSP nonce, carried by the router's inline scripts. */
  nonce?: string
}

export type Rendered = { status: number; html: string } | { status: number; redirect: string }

/** Text for HTML: the five characters that could end or break out of it, escaped. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The deepest matched route's head tags other than the title (description, Open Graph) as HTML; a path
 * in a URL-valued Open Graph tag becomes absolute on `origin` (link previews need absolute URLs).
 */
function metaTags(matches: readonly { meta?: readonly unknown[] }[], origin: string): string {
  for (let i = matches.length - 1; i >= 0; i--) {
    const tags = (matches[i]!.meta ?? []).filter((t): t is Record<string, string> => typeof t === 'object' && t !== null && !('title' in t))
    if (!tags.length) continue
    return tags
      .map((t) => {
        const key = t.property ? 'property' : 'name'
        let content = String(t.content ?? '')
        if (/^(og:url|og:image)$/.test(t.property ?? '') && content.startsWith('/')) content = `${origin}${content}`
        return `<meta ${key}="${escapeHtml(String(t[key]))}" content="${escapeHtml(content)}">`
      })
      .join('')
  }
  return ''
}

/**
 * The page at `url` as a whole HTML document: the template with the page's markup (and the router's
 * hydration scripts) in #root, its title and meta tags, React's resource hints (image preloads) in
 * <head>, and the status the router decided (404 for a page not found). A URL the router would change
 * (search params not as the page reads them, "?minPrice=lots") is a redirect to that URL instead.
 * Throws when rendering fails: the caller sends the shell and the browser renders the page.
 */
export async function renderPage({ url, origin, fetch, template, nonce }: RenderRequest): Promise<Rendered> {
  const queryClient = createQueryClient()
  // A failed fetch is rendered as the page shows it; the browser retries, not the server.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  let head = ''
  const handle = createRequestHandler({
    request: new Request(new URL(url, origin)),
    createRouter: () => createAppRouter(queryClient, { api: serverApiClient(fetch, origin), nonce }),
  })
  try {
    const response = await handle(({ router, responseHeaders }) => {
      head = `<title>${escapeHtml(titleOf(router.state.matches))}</title>${metaTags(router.state.matches, origin)}`
      return renderRouterToString({
        router,
        responseHeaders,
        children: (
          <StrictMode>
            <QueryClientProvider client={queryClient}>
              <AuthProvider>
                <RouterServer router={router} />
              </AuthProvider>
            </QueryClientProvider>
          </StrictMode>
        ),
      })
    })
    const location = response.headers.get('location')
    if (location) return { status: response.status, redirect: location }
    const body = await response.text()
    // renderRouterToString answers a failed render with a bare 500.
    if (response.status >= 500) throw new Error(`rendering ${url} failed (${response.status}): ${body.slice(0, 200)}`)
    return { status: response.status, html: fillTemplate(template, body.replace(/^<!DOCTYPE html>/i, ''), head, nonce) }
  } finally {
    // Drops the queries and their garbage-collection timers (kept a week in the browser).
    queryClient.clear()
  }
}

function fillTemplate(template: string, markup: string, head: string, nonce: string | undefined): string {
  // React puts resource hints (<link rel="preload">) first; they belong in <head>, outside what React hydrates.
  const hints: string[] = []
  const root = markup.replace(/^(?:<link [^>]*\/>)+/, (links) => (hints.push(links), ''))
  // Replacer functions, never replacement strings: a `$&` or `$'` in a search or a listing title would
  // otherwise be expanded by String.replace (a page many times its size, markup that fails hydration).
  const html = template
    .replace(/<title>[^<]*<\/title>/, '')
    .replace(/<meta name="description"[^>]*>/, (tag) => (head.includes('name="description"') ? '' : tag))
    .replace('</head>', () => `${head}${hints.join('')}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root" ${PRERENDERED_ATTR}>${root}</div>`)
    // The script that starts the app after the first paint: a build-time page's is allowed by its hash.
    .replace(`<script ${START_SCRIPT_ATTR}>`, (tag) => (nonce ? `<script ${START_SCRIPT_ATTR} nonce="${nonce}">` : tag))
  if (!html.includes(PRERENDERED_ATTR)) throw new Error('the template has no empty <div id="root"></div> to fill')
  return html
}

/** The staticData of the page matching `pathname` (the deepest match: the page itself), if any. */
function pageStaticData(pathname: string) {
  const router = pathRouter()
  const page = router.matchRoutes(pathname).at(-1)
  return page ? router.routesById[page.routeId]?.options.staticData : undefined
}

/** How the route matching `pathname` is rendered on the server (its staticData), if it is. */
export function serverRenderOf(pathname: string): ServerRender | undefined {
  return pageStaticData(pathname)?.render
}

/** Whether a visitor's app starts at their first touch on the page rendered per request at `pathname`. */
export function serverStartsAtTouch(pathname: string): boolean {
  return pageStaticData(pathname)?.start === 'touch'
}

/** The paths of the pages rendered once, at build time. */
export function buildTimePaths(): string[] {
  return Object.values(pathRouter().routesByPath)
    .filter((route) => route.options.staticData?.render === 'build')
    .map((route) => route.fullPath)
}

let matcher: ReturnType<typeof createAppRouter> | undefined
/** A router for reading the route tree (no page is loaded with it). */
const pathRouter = () => (matcher ??= createAppRouter(createQueryClient()))
