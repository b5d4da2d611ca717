// Rendering to HTML on the server, for a signed-out visitor; the browser then hydrates (src/main.tsx).
// Built into dist/server/ by scripts/vite/prerender.ts, which renders the lead and information pages with
// it once, at build time. The API server renders the storage search (/storages) with it on each request,
// with the first page of results in the HTML and their data beside it for the browser's query cache.
import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { dehydrate, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { AuthProvider } from './features/auth/auth-context'
import { titleOf } from './lib/page-title'
import { createQueryClient } from './lib/query-client'
import { PRERENDERED_ATTR, SERVER_STATE_ID } from './lib/prerender'
import { createAppRouter } from './router'

export { setServerStoragePages } from './features/storages/api/search-storages'
export { setServerBlogSource } from './features/blog/api/blog-posts'

/**
 * The browser globals the app reads while rendering, as a plain signed-out browser (only those this
 * runtime lacks). Returns a function that removes them again.
 */
export function installBrowserGlobals(): () => void {
  const g = globalThis as Record<string, unknown>
  const store = new Map<string, string>()
  const storage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
    key: () => null,
    length: 0,
  }
  const added: string[] = []
  const define = (name: string, value: unknown) => {
    if (name in g) return
    Object.defineProperty(g, name, { value, configurable: true, writable: true })
    added.push(name)
  }
  define('navigator', { userAgent: 'Nookshare server', maxTouchPoints: 0, onLine: true, language: 'en-CA' })
  define('localStorage', storage)
  define('sessionStorage', storage)
  return () => {
    for (const name of added) delete g[name]
  }
}

/** JSON that is safe inside a <script> element (no "</script>", no "<!--"). */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/** What the router decided on the server: render, or go to the canonical URL (TanStack Start reads it too). */
type ServerResult = { type: 'render' } | { type: 'redirect'; redirect: Response }

/**
 * The page at `url` as a whole HTML document: `template` (the built index.html, styles inline, the boot
 * line that starts the app after the first paint) with the page's markup in #root, React's resource
 * hints (image preloads) in <head>, and the queries its loaders fetched, for the browser to start from.
 * A URL whose search params are not as the page reads them ("?minPrice=lots") gets the canonical URL
 * to redirect to instead, as the browser would have replaced it.
 */
/** Text for HTML: the five characters that could end or break out of it, escaped. */
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The deepest matched route's other head tags (description, Open Graph) as HTML; a path in a URL-valued
 * Open Graph tag becomes absolute on `origin` (link previews need absolute URLs).
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

export async function renderPage(url: string, template: string, origin = ''): Promise<string | { redirect: string }> {
  const queryClient = createQueryClient()
  // A failed fetch is rendered as the page shows it; the browser retries, not the server.
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } })
  const router = createAppRouter(queryClient, { history: createMemoryHistory({ initialEntries: [url] }), isServer: true })
  await router.load()
  const result = (router as unknown as { _serverResult?: ServerResult })._serverResult
  if (result?.type === 'redirect') return { redirect: result.redirect.headers.get('Location') ?? '/' }
  let markup = renderToString(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
  const state = dehydrate(queryClient)
  queryClient.clear()
  // React puts resource hints (<link rel="preload">) first; they belong in <head>, outside the markup
  // React hydrates.
  const hints: string[] = []
  markup = markup.replace(/^(?:<link [^>]*\/>)+/, (links) => (hints.push(links), ''))
  const data = state.queries.length ? `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(state)}</script>` : ''
  // Replacer functions, never replacement strings: a `$&` or `$'` in a search or a listing title would
  // otherwise be expanded by String.replace (a page many times its size, markup that fails hydration).
  const title = `<title>${escapeHtml(titleOf(router.state.matches))}</title>`
  const meta = metaTags(router.state.matches, origin)
  const html = template
    .replace(/<title>[^<]*<\/title>/, () => title)
    .replace(/<meta name="description"[^>]*>/, (tag) => (meta.includes('name="description"') ? '' : tag))
    .replace('</head>', () => `${meta}${hints.join('')}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root" ${PRERENDERED_ATTR}>${markup}</div>${data}`)
  if (!html.includes(PRERENDERED_ATTR)) throw new Error('the template has no empty <div id="root"></div> to fill')
  return html
}
