// The app shell: precache every built file (index.html, each route's code chunk, styles, icons) so the
// lead and information pages open with no network, and answer app navigations with index.html.
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

/** Navigations the shell must not answer: the API, and direct links to files (sw.js, icons, the manifest…). */
export const NAVIGATION_DENYLIST = [/^\/api(?:\/|$)/, /\/[^/?]+\.[a-z0-9]+$/i]

export function isAppNavigation(pathname: string): boolean {
  return !NAVIGATION_DENYLIST.some((re) => re.test(pathname))
}

export function registerPrecache(manifest: Array<PrecacheEntry | string>) {
  precacheAndRoute(manifest)
  cleanupOutdatedCaches()
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }))
}
