// The install keeps the core's files all at once, skips what is kept, and leaves failures to workbox.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PrecacheController } from 'workbox-precaching'
import { fillAtOnce } from './shell-precache'

function fakeCache(kept: string[] = []) {
  const store = new Map<string, Response>(kept.map((key) => [key, new Response('old')]))
  return {
    store,
    match: vi.fn(async (key: string) => store.get(key)),
    put: vi.fn(async (key: string, response: Response) => void store.set(key, response)),
  }
}

/** A response as a fetch in the worker gives it (a Response's type and redirected are read-only). */
const ok = (body: string, { type = 'basic', redirected = false } = {}) => {
  const response = new Response(body, { status: 200 })
  Object.defineProperty(response, 'type', { value: type })
  Object.defineProperty(response, 'redirected', { value: redirected })
  return response
}

afterEach(() => vi.unstubAllGlobals())

describe('the core kept at install', () => {
  const entries = [
    { url: 'index.html', revision: 'r1' },
    { url: 'assets/a-1.js', revision: null },
    { url: 'assets/b-2.js', revision: null },
    { url: 'assets/c-3.css', revision: null },
  ]

  it('fetches every file not kept yet at once (the unhashed ones past the HTTP cache), keeping each under workbox’s key', async () => {
    const controller = new PrecacheController({ cacheName: 'test-precache' })
    controller.addToCacheList(entries)
    const keyOf = (url: string) => controller.getCacheKeyForURL(url)!
    const cache = fakeCache([keyOf('assets/b-2.js')])
    vi.stubGlobal('caches', { open: vi.fn(async () => cache) })
    let inFlight = 0
    let most = 0
    const requests: Request[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        requests.push(request)
        most = Math.max(most, ++inFlight)
        await new Promise((r) => setTimeout(r, 5))
        inFlight--
        if (request.url.endsWith('.css')) throw new TypeError('network')
        return ok(request.url)
      }),
    )
    expect(await fillAtOnce(controller, entries)).toBe(2)
    expect(most).toBe(3)
    expect(requests.map((r) => [new URL(r.url).pathname, r.cache])).toEqual([
      ['/index.html', 'reload'],
      ['/assets/a-1.js', 'default'],
      ['/assets/c-3.css', 'default'],
    ])
    expect([...cache.store.keys()].sort()).toEqual([keyOf('assets/a-1.js'), keyOf('assets/b-2.js'), keyOf('index.html')].sort())
    expect(keyOf('index.html')).toContain('__WB_REVISION__=r1')
  })

  it('keeps no error, no redirected answer and no opaque one: those are left to workbox’s own pass', async () => {
    const controller = new PrecacheController({ cacheName: 'test-precache-2' })
    controller.addToCacheList(entries.slice(0, 3))
    const cache = fakeCache()
    vi.stubGlobal('caches', { open: vi.fn(async () => cache) })
    const answers = [
      Object.defineProperty(new Response('', { status: 404 }), 'type', { value: 'basic' }),
      ok('a', { redirected: true }),
      ok('b', { type: 'opaque' }),
    ]
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()!),
    )
    expect(await fillAtOnce(controller, entries.slice(0, 3))).toBe(0)
    expect(cache.put).not.toHaveBeenCalled()
  })
})
