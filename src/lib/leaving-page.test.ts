// @vitest-environment jsdom
// A route chunk whose load failed while the page is being left is not reported to the router as missing
// (Vite's 'vite:preloadError' is cancelled), so the router does not reload the page being left, which would
// cancel the user's navigation. Any other time it is reported, and a navigation that did not happen is over
// after LEAVING_FOR_MS.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { isLeavingPage, LEAVING_FOR_MS } from './leaving-page'

/** Dispatches Vite's event for a failed dynamic import; true when the app cancelled it. */
const chunkFailed = () => {
  const event = new Event('vite:preloadError', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented
}

afterEach(() => {
  window.dispatchEvent(new Event('pageshow'))
  vi.useRealTimers()
})

describe('a route chunk that fails to load', () => {
  it('is reported as missing while the page stays', () => {
    expect(isLeavingPage()).toBe(false)
    expect(chunkFailed()).toBe(false)
  })

  it('is not reported while the page is being left (beforeunload, pagehide), and is again once the page shows', () => {
    window.dispatchEvent(new Event('beforeunload'))
    expect(isLeavingPage()).toBe(true)
    expect(chunkFailed()).toBe(true)
    window.dispatchEvent(new Event('pageshow'))
    expect(chunkFailed()).toBe(false)
    window.dispatchEvent(new Event('pagehide'))
    expect(chunkFailed()).toBe(true)
  })

  it('is reported again when a navigation that started did not happen after all', () => {
    vi.useFakeTimers()
    window.dispatchEvent(new Event('beforeunload'))
    vi.advanceTimersByTime(LEAVING_FOR_MS - 1)
    expect(chunkFailed()).toBe(true)
    vi.advanceTimersByTime(1)
    expect(chunkFailed()).toBe(false)
  })
})
