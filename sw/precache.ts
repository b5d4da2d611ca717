// The app shell: precache every built file (index.html, the prerendered lead and information pages, each
// route's code chunk, styles, icons) so those pages open with no network. A navigation to a prerendered
// page gets its own HTML (painted before any script runs); every other app navigation gets index.html.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { PAGES_DIR, pagePathOf } from '@contract/prerendered-pages'

/** Navigations the shell must not answer: the API, and direct links to files (sw.js, icons, the manifest…). */
export const NAVIGATION_DENYLIST = [/^\/api(?:\/|$)/, /\/[^/?]+\.[a-z0-9]+$/i]

export function isAppNavigation(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((re) => re.test(pathname))
}

export function registerPrecache(manifest: Array<PrecacheEntry | string>) {
  precacheAndRoute(manifest)
  cleanupOutdatedCaches()
  // The pages rendered at build time are the precached files under pages/.
  for (const entry of manifest) {
    const file = (typeof entry === 'string' ? entry : entry.url).replace(/^\//, '')
    if (!file.startsWith(`${PAGES_DIR}/`) || !file.endsWith('.html')) continue
    const pathname = pagePathOf(file.slice(PAGES_DIR.length + 1))
    registerRoute(({ request, url }) => request.mode === 'navigate' && url.pathname === pathname, createHandlerBoundToURL(`/${file}`))
  }
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }))
}
