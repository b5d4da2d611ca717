// The boot script registers the service worker as the app does (one registration, which the app's
// workbox-window attaches to), and on a first install tells the worker what the page has loaded.
import { describe, expect, it, vi } from 'vitest'
import { SW_MESSAGE, SW_SCOPE, SW_URL } from '@contract/sw-protocol'
import { KEEP_LOADED, registerWorker, SW_SCOPE as BOOT_SCOPE, SW_URL as BOOT_URL } from './boot'

function fakeNavigator({ controlled }: { controlled: boolean }) {
  const installing = { postMessage: vi.fn() }
  const register = vi.fn(async () => ({ installing }))
  const nav = { serviceWorker: { register, controller: controlled ? {} : null } } as unknown as Navigator
  return { nav, register, installing }
}

describe('the boot script and the service worker', () => {
  it('registers the URL and scope the app registers, and names the message the worker knows', () => {
    expect([BOOT_URL, BOOT_SCOPE, KEEP_LOADED]).toEqual([SW_URL, SW_SCOPE, SW_MESSAGE.keepLoaded])
  })

  it('on a first visit, tells the installing worker the page and what it loaded', async () => {
    const { nav, register, installing } = fakeNavigator({ controlled: false })
    registerWorker(nav)
    await vi.waitFor(() => expect(installing.postMessage).toHaveBeenCalledOnce())
    expect(register).toHaveBeenCalledWith(SW_URL, { scope: SW_SCOPE })
    const message = installing.postMessage.mock.calls[0]![0] as { type: string; urls: string[] }
    expect(message.type).toBe(SW_MESSAGE.keepLoaded)
    expect(message.urls[0]).toBe(location.href)
  })

  it('says nothing when a worker already controls the page, and never throws when registering fails', async () => {
    const { nav, register, installing } = fakeNavigator({ controlled: true })
    registerWorker(nav)
    await vi.waitFor(() => expect(register).toHaveBeenCalledOnce())
    await new Promise((r) => setTimeout(r))
    expect(installing.postMessage).not.toHaveBeenCalled()
    const failing = { serviceWorker: { register: vi.fn(() => Promise.reject(new Error('insecure'))), controller: null } } as unknown as Navigator
    expect(() => registerWorker(failing)).not.toThrow()
    registerWorker({} as Navigator)
  })
})
