// The app shell. The install precaches its core (index.html, the entry chunks and styles)
// and what the open pages loaded; the rest of the built files (each route's code chunk, the other
// prerendered lead and information pages, icons) follow behind, cache-first (sw/shell-behind.ts), so the
// first visit is offline-ready as soon as it is on screen and every page opens with no network once the
// rest is in. A navigation to a prerendered page gets its own HTML (painted before any script runs);
// every other app navigation, and a prerendered page not kept yet while offline, gets index.html.
import { cleanupOutdatedCaches, PrecacheRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { PAGES_DIR, pagePathOf } from '@contract/prerendered-pages'
import { registerRestOfShell, RestOfShell, splitShell, type BuiltFile } from './shell-behind'
import { registerShellPrecache, shellPrecache } from './shell-precache'

/** Navigations the shell must not answer: the API, and direct links to files (sw.js, icons, the manifest…). */
export const NAVIGATION_DENYLIST = [/^\/api(?:\/|$)/, /\/[^/?]+\.[a-z0-9]+$/i]

export function isAppNavigation(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((re) => re.test(pathname))
}

const shell = async () => (await shellPrecache.matchPrecache('/index.html')) ?? Response.error()

export function registerPrecache(scope: ServiceWorkerGlobalScope, manifest: Array<PrecacheEntry | string>) {
  const { core, rest: restFiles } = splitShell(manifest as Array<BuiltFile | string>)
  registerShellPrecache(scope, core)
  // Only the precached files' own URLs: by default workbox also answers `/` with `/index.html` (its
  // directoryIndex) and `/x` with `/x.html`, which would give the home page (the installed app's
  // start_url) the shell instead of its prerendered page below.
  registerRoute(new PrecacheRoute(shellPrecache, { directoryIndex: '', cleanURLs: false }))
  cleanupOutdatedCaches()
  const rest = new RestOfShell(restFiles, scope.location.origin)
  registerRestOfShell(scope, rest)
  registerRoute(
    ({ url, request }) => request.mode !== 'navigate' && request.method === 'GET' && rest.holds(url),
    ({ request, event }) => rest.serve(request, event as ExtendableEvent),
  )
  // The pages rendered at build time are the files under pages/.
  for (const file of [...core, ...restFiles].map((entry) => entry.url.replace(/^\//, ''))) {
    if (!file.startsWith(`${PAGES_DIR}/`) || !file.endsWith('.html')) continue
    const pathname = pagePathOf(file.slice(PAGES_DIR.length + 1))
    const isPage = ({ request, url }: { request: Request; url: URL }) => request.mode === 'navigate' && url.pathname === pathname
    if (core.some((entry) => entry.url.replace(/^\//, '') === file)) registerRoute(isPage, shellPrecache.createHandlerBoundToURL(`/${file}`))
    else registerRoute(isPage, ({ event }) => rest.serve(new Request(`/${file}`, { mode: 'same-origin' }), event as ExtendableEvent).catch(shell))
  }
  registerRoute(new NavigationRoute(shellPrecache.createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }))
}
