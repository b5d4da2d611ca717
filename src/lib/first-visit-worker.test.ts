// A prerendered page's first visit asks for the service worker as the app starts; later visits leave it to
// workbox-window, whose update flow must see a new version arrive (src/lib/sw-register.ts).
import { describe, expect, it, vi } from 'vitest'
import { registerWorkerOnFirstVisit } from './first-visit-worker'

const navigatorWith = (controller: object | null, register = vi.fn(() => Promise.resolve({}))) =>
  ({ serviceWorker: { controller, register } }) as unknown as Navigator & { serviceWorker: { register: typeof register } }

describe('registerWorkerOnFirstVisit', () => {
  it('registers the app worker at scope / when no worker controls the page', () => {
    const nav = navigatorWith(null)
    registerWorkerOnFirstVisit(nav)
    expect(nav.serviceWorker.register).toHaveBeenCalledExactlyOnceWith('/sw.js', { scope: '/' })
  })

  it('leaves a controlled page to workbox-window', () => {
    const nav = navigatorWith({ state: 'activated' })
    registerWorkerOnFirstVisit(nav)
    expect(nav.serviceWorker.register).not.toHaveBeenCalled()
  })

  it('does nothing where service workers are missing, and a refused registration throws nothing', async () => {
    expect(() => registerWorkerOnFirstVisit({} as Navigator)).not.toThrow()
    const refused = navigatorWith(
      null,
      vi.fn(() => Promise.reject(new Error('insecure'))),
    )
    registerWorkerOnFirstVisit(refused)
    await expect(refused.serviceWorker.register.mock.results[0]!.value).rejects.toThrow('insecure')
  })
})
