// The pages rendered to HTML at build time (no data, same for every visitor): path → file under
// dist/pages. Shared by the build (scripts/vite/prerender.ts), the server and the service worker. Also
// where the build puts the server renderer, which the API server loads to render /storages per request.
export const PRERENDERED_PAGES: Record<string, string> = {
  '/': 'index.html',
  '/host': 'host.html',
  '/storee': 'storee.html',
  '/faq': 'faq.html',
  '/terms': 'terms.html',
  '/privacy': 'privacy.html',
}

/**
 * The route file of each page that starts from server HTML (the prerendered pages and /storages): the
 * boot line preloads that route's code with the app's, so the router finds it already fetched.
 */
export const SERVER_RENDERED_ROUTE_FILES: Record<string, string> = {
  '/': 'index.tsx',
  '/host': 'host.tsx',
  '/storee': 'storee.tsx',
  '/faq': 'faq.tsx',
  '/terms': 'terms.tsx',
  '/privacy': 'privacy.tsx',
  '/storages': 'storages.index.tsx',
  '/blog': 'blog.index.tsx',
}

/** The server renderer (src/entry-server.tsx, built) under the build: never served, never precached. */
export const SERVER_DIR = 'server'
export const SERVER_ENTRY = 'entry-server.js'
/** The built index.html as the renderer fills it: styles inline, the boot line after the first paint. */
export const SERVER_TEMPLATE = 'template.html'

/** What the built server renderer exports, as the build and the API server use it. */
export interface ServerRenderer {
  installBrowserGlobals(): () => void
  renderPage(url: string, template: string, origin?: string): Promise<string | { redirect: string }>
  setServerStoragePages(pages: (search: Record<string, unknown>, page: number, limit: number) => Promise<ServerStoragePage>): void
  setServerBlogSource(source: { page(page: number): Promise<unknown>; post(slug: string): Promise<unknown> }): void
}

/** One page of the storage search, as the renderer's loader expects it (src/features/storages/api). */
export interface ServerStoragePage {
  items: unknown[]
  total: number
  page: number
  correctedQuery?: string
}
