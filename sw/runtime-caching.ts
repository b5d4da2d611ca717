// Runtime caching rules: listing photos cache-first with an expiry and a size cap, public listing
// searches stale-while-revalidate, and anything sent with an Authorization header never cached.
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration'
import { registerRoute } from 'workbox-routing'
import { shellPrecache } from './shell-precache'
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies'
import type { WorkboxPlugin } from 'workbox-core/types'
import { BLOG_CACHE, PHOTO_CACHE, RUNTIME_CACHES, SEARCH_CACHE } from '@contract/sw-protocol'

export const PHOTO_LIMITS = { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 }
export const SEARCH_LIMITS = { maxEntries: 40, maxAgeSeconds: 24 * 60 * 60 }
export const BLOG_LIMITS = { maxEntries: 120, maxAgeSeconds: 60 * 24 * 60 * 60 }

interface Match {
  url: URL
  request: Request
  sameOrigin: boolean
}

/** The rule above all others: a request that carries credentials is the user's, never a shared cache's. */
export const isAuthorized = (request: Request) => request.headers.has('authorization')

/** Listing photos (/api/storage-photos/:id as the API serves them, /api/storages/:id/photos/:photo…), never message photos. */
export function isListingPhoto({ url, request, sameOrigin }: Match): boolean {
  return (
    sameOrigin &&
    request.method === 'GET' &&
    !isAuthorized(request) &&
    /^\/api\/(?:storage-photos\/|(?:.*\/)?photos\/)/.test(url.pathname) &&
    !url.pathname.startsWith('/api/messages/') &&
    // A host's own draft photos come with a key tied to their session: private, never kept.
    !url.searchParams.has('token') &&
    !url.searchParams.has('pk')
  )
}

/** GET /api/storages with any query, by a visitor (a signed-in search carries a token). */
export function isPublicStorageSearch({ url, request, sameOrigin }: Match): boolean {
  return sameOrigin && request.method === 'GET' && !isAuthorized(request) && /^\/api\/storages\/?$/.test(url.pathname)
}

/**
 * The blog once read: its pages as the server rendered them (navigations to /blog…), its API answers
 * (GET /api/blog-posts…, asked without a token) and cover images. Fresh from the network when there is
 * one, else the copy kept the last time, so a post opened once reads offline.
 */
export function isBlogNavigation({ url, request, sameOrigin }: Match): boolean {
  return sameOrigin && request.mode === 'navigate' && /^\/blog(?:\/[^/]+)?\/?$/.test(url.pathname)
}
export function isPublicBlogRead({ url, request, sameOrigin }: Match): boolean {
  return sameOrigin && request.method === 'GET' && !isAuthorized(request) && /^\/api\/(?:blog-posts(?:\/|$)|blog-images\/)/.test(url.pathname)
}

export const isAuthorizedApiCall = ({ url, request, sameOrigin }: Match) => sameOrigin && url.pathname.startsWith('/api/') && isAuthorized(request)

/** Only complete, successful answers are worth keeping (no 404s, errors or partial ranges). */
export const onlyOk: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
}

export const photoExpiration = new ExpirationPlugin({ ...PHOTO_LIMITS, purgeOnQuotaError: true })
export const searchExpiration = new ExpirationPlugin({ ...SEARCH_LIMITS, purgeOnQuotaError: true })
export const blogExpiration = new ExpirationPlugin({ ...BLOG_LIMITS, purgeOnQuotaError: true })
/** A blog page never read here, and no network: the app shell, whose page then says it's offline. */
const shellWhenNothingKept: WorkboxPlugin = { handlerDidError: async () => (await shellPrecache.matchPrecache('/index.html')) ?? Response.error() }

export function registerRuntimeCaching() {
  // Registered first so it wins: the user's answers never enter a worker cache. The browser's private HTTP
  // cache still follows the server's headers (no-store for most; no-cache + ETag so polling gets 304s).
  registerRoute(isAuthorizedApiCall, new NetworkOnly())
  registerRoute(isListingPhoto, new CacheFirst({ cacheName: PHOTO_CACHE, plugins: [onlyOk, photoExpiration] }))
  registerRoute(isPublicStorageSearch, new StaleWhileRevalidate({ cacheName: SEARCH_CACHE, plugins: [onlyOk, searchExpiration] }))
  registerRoute(
    isBlogNavigation,
    new NetworkFirst({ cacheName: BLOG_CACHE, networkTimeoutSeconds: 5, plugins: [onlyOk, blogExpiration, shellWhenNothingKept] }),
  )
  registerRoute(isPublicBlogRead, new NetworkFirst({ cacheName: BLOG_CACHE, networkTimeoutSeconds: 5, plugins: [onlyOk, blogExpiration] }))
}

/** Logout: drop the runtime caches and their expiry bookkeeping in IndexedDB (also from earlier worker lives). */
export async function clearRuntimeCaches() {
  for (const name of RUNTIME_CACHES) {
    await self.caches.delete(name)
    await new CacheExpiration(name, { maxEntries: 1 }).delete()
  }
}
