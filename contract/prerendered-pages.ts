// Where server rendering lives in the build, shared by the build (scripts/vite/prerender.ts), the API
// server (server/src/plugins/static-app.ts) and the service worker. Which pages are rendered, and when,
// each route says itself (staticData.render); nothing here lists them.

/** The server renderer (src/entry-server.tsx, built) under the build: never served, never precached. */
export const SERVER_DIR = 'server'
export const SERVER_ENTRY = 'entry-server.js'
/** The built index.html as the renderer fills it: styles inline, the app started after the first paint. */
export const SERVER_TEMPLATE = 'template.html'
/** The same, the app started at a visitor's first touch (a route's `staticData.start: 'touch'`). */
export const SERVER_TOUCH_TEMPLATE = 'template-touch.html'
/**
 * The attribute of the template's inline script that starts the app after the first paint
 * (scripts/vite/start-after-paint.ts); a page rendered per request gives that script its CSP nonce.
 */
export const START_SCRIPT_ATTR = 'data-app-start'
/**
 * The window property where that script keeps a visitor's tap on a button made before the app ran
 * (`{ button, stop }`), for the app to press again once it runs (src/main.tsx).
 */
export const EARLY_TAP = '__nookshareEarlyTap'
/** The pages rendered at build time, one HTML file each. */
export const PAGES_DIR = 'pages'

/** The file (under PAGES_DIR) of a page rendered at build time: '/' → index.html, '/host' → host.html. */
export const pageFileOf = (pathname: string) => (pathname === '/' ? 'index.html' : `${pathname.slice(1).replaceAll('/', '~')}.html`)

/** The path of a page file (the inverse of pageFileOf). */
export const pagePathOf = (file: string) => (file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '').replaceAll('~', '/')}`)
