// The app shell: precache every built file (index.html, the prerendered lead and information pages, each
// route's code chunk, styles, icons) so those pages open with no network. A navigation to a prerendered
// page gets its own HTML (painted before any script runs); every other app navigation gets index.html.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { PRERENDERED_PAGES } from '../src/lib/prerendered-pages'

/** Navigations the shell must not answer: the API, and direct links to files (sw.js, icons, the manifest…). */
export const NAVIGATION_DENYLIST = [/^\/api(?:\/|$)/, /\/[^/?]+\.[a-z0-9]+$/i]

export function isAppNavigation(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((re) => re.test(pathname))
}

export function registerPrecache(manifest: Array<PrecacheEntry | string>) {
  precacheAndRoute(manifest)
  cleanupOutdatedCaches()
  const precached = new Set(manifest.map((e) => (typeof e === 'string' ? e : e.url).replace(/^\//, '')))
  for (const [pathname, file] of Object.entries(PRERENDERED_PAGES)) {
    if (!precached.has(`pages/${file}`)) continue
    registerRoute(({ request, url }) => request.mode === 'navigate' && url.pathname === pathname, createHandlerBoundToURL(`/pages/${file}`))
  }
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }))
}
