// The worker's request routing, exercised through workbox's real router with the worker modules
// imported as they run in the worker (self is jsdom's window here).
import { beforeAll, describe, expect, it } from 'vitest'
import { Router } from 'workbox-routing'
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies'
import { PHOTO_CACHE, SEARCH_CACHE } from '@contract/sw-protocol'
import { isBlogNavigation, isListingPhoto, isPublicBlogRead, isPublicStorageSearch, onlyOk, registerRuntimeCaching } from './runtime-caching'

const ORIGIN = 'https://nookshare.test'
const req = (path: string, init: RequestInit = {}, origin = ORIGIN) => {
  const url = new URL(path, origin)
  const request = new Request(url, init)
  return { url, request, sameOrigin: url.origin === ORIGIN }
}
const authorized = { headers: { Authorization: 'Bearer t0ken' } }

let router: Router
beforeAll(async () => {
  registerRuntimeCaching()
  const mod = (await import('workbox-routing/utils/getOrCreateDefaultRouter.js')) as { getOrCreateDefaultRouter: () => Router }
  router = mod.getOrCreateDefaultRouter()
})

function handlerFor(path: string, init: RequestInit = {}) {
  const m = req(path, init)
  const { route } = router.findMatchingRoute({ ...m, event: new Event('fetch') as FetchEvent })
  return route?.handler as unknown
}

describe('listing photos', () => {
  it('matches storage and photo paths under /api', () => {
    expect(isListingPhoto(req('/api/storages/s-1/photos/p-1'))).toBe(true)
    expect(isListingPhoto(req('/api/photos/p-1'))).toBe(true)
    // The URLs the API puts in a listing (server/src/modules/listings/service/storage-dto.ts photoUrl).
    expect(isListingPhoto(req('/api/storage-photos/p-1'))).toBe(true)
    expect(isListingPhoto(req('/api/storage-photos/p-1?size=thumb'))).toBe(true)
    expect(isListingPhoto(req('/api/storages/s-1/photos/p-1.webp?w=640'))).toBe(true)
  })
  it('never matches message photos, authorized, cross-origin or non-GET requests', () => {
    expect(isListingPhoto(req('/api/messages/photos/p-1'))).toBe(false)
    expect(isListingPhoto(req('/api/storages/s-1/photos/p-1', authorized))).toBe(false)
    expect(isListingPhoto(req('/api/storages/s-1/photos/p-1', {}, 'https://elsewhere.test'))).toBe(false)
    expect(isListingPhoto(req('/api/storages/s-1/photos', { method: 'POST' }))).toBe(false)
    expect(isListingPhoto(req('/photos/p-1'))).toBe(false)
    expect(isListingPhoto(req('/api/storage-photos/p-1?pk=session-key'))).toBe(false)
  })
  it('are served cache-first from their own cache', () => {
    const handler = handlerFor('/api/storages/s-1/photos/p-1')
    expect(handler).toBeInstanceOf(CacheFirst)
    expect((handler as CacheFirst).cacheName).toBe(PHOTO_CACHE)
  })
})

describe('public listing searches', () => {
  it('match GET /api/storages with any query, by a visitor only', () => {
    expect(isPublicStorageSearch(req('/api/storages?page=2&limit=8'))).toBe(true)
    expect(isPublicStorageSearch(req('/api/storages'))).toBe(true)
    expect(isPublicStorageSearch(req('/api/storages/s-1'))).toBe(false)
    expect(isPublicStorageSearch(req('/api/storages?page=1', authorized))).toBe(false)
  })
  it('are served stale-while-revalidate from their own cache', () => {
    const handler = handlerFor('/api/storages?page=1')
    expect(handler).toBeInstanceOf(StaleWhileRevalidate)
    expect((handler as StaleWhileRevalidate).cacheName).toBe(SEARCH_CACHE)
  })
})

describe('a request with an Authorization header', () => {
  it.each(['/api/storages?page=1', '/api/storages/s-1/photos/p-1', '/api/user-profile', '/api/conversations'])(
    '%s goes to the network and into no worker cache',
    (path) => {
      const handler = handlerFor(path, authorized)
      expect(handler).toBeInstanceOf(NetworkOnly)
      // No cache-mode override: the server's ETag/no-cache answers must still revalidate to 304s.
      expect((handler as NetworkOnly).fetchOptions).toBeUndefined()
    },
  )
  it('other API calls without one are left to the browser', () => {
    expect(handlerFor('/api/user-profile')).toBeUndefined()
  })
})

describe('what is worth caching', () => {
  const keep = (status: number) =>
    onlyOk.cacheWillUpdate!({ response: new Response('x', { status }), request: new Request(ORIGIN), event: new Event('fetch') as ExtendableEvent, state: {} })
  it('keeps complete successful answers only', async () => {
    expect(await keep(200)).not.toBeNull()
    expect(await keep(206)).toBeNull()
    expect(await keep(404)).toBeNull()
    expect(await keep(500)).toBeNull()
  })
})

describe('the blog', () => {
  it('keeps blog pages, public blog answers and cover images, network first', () => {
    expect(
      isBlogNavigation({ ...req('/blog/what-to-store'), request: { mode: 'navigate', method: 'GET', headers: new Headers() } as unknown as Request }),
    ).toBe(true)
    expect(isBlogNavigation({ ...req('/blog'), request: { mode: 'navigate', method: 'GET', headers: new Headers() } as unknown as Request })).toBe(true)
    expect(isBlogNavigation(req('/blog/what-to-store'))).toBe(false) // not a navigation
    expect(isPublicBlogRead(req('/api/blog-posts?page=2'))).toBe(true)
    expect(isPublicBlogRead(req('/api/blog-posts/what-to-store'))).toBe(true)
    expect(isPublicBlogRead(req('/api/blog-images/i-1'))).toBe(true)
    expect(handlerFor('/api/blog-posts/what-to-store')).toBeInstanceOf(NetworkFirst)
  })
  it('never keeps the admin editor or anything asked with a token', () => {
    expect(isPublicBlogRead(req('/api/admin/blog-posts'))).toBe(false)
    expect(isPublicBlogRead(req('/api/blog-posts/x', authorized))).toBe(false)
    expect(handlerFor('/api/blog-posts/x', authorized)).toBeInstanceOf(NetworkOnly)
  })
})
