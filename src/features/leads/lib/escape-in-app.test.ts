import { describe, expect, it, vi } from 'vitest'
import { attemptInAppEscape, chromeIntentUrl, chromeIosUrl, type EscapeEnv } from './escape-in-app'

const INSTAGRAM_IOS = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 325.0'
const FACEBOOK_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0;]'
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36'

function env(ua: string, hidden = false) {
  const store = new Map<string, string>()
  const timers: (() => void)[] = []
  const e: EscapeEnv = {
    ua,
    href: 'https://nookshare.app/host?utm_source=ig',
    session: { getItem: (k) => store.get(k) ?? null, setItem: (k, v) => void store.set(k, v) },
    navigate: vi.fn(),
    open: vi.fn(),
    later: (fn) => void timers.push(fn),
    isHidden: () => hidden,
  }
  return { e, store, runTimers: () => timers.forEach((t) => t()) }
}

describe('in-app browser escape', () => {
  it('tries a Chrome intent on Android, then the plain URL, once per session', () => {
    const { e, store, runTimers } = env(FACEBOOK_ANDROID)
    expect(attemptInAppEscape(e)).toBe('android')
    expect(e.navigate).toHaveBeenCalledWith(chromeIntentUrl(e.href))
    expect(chromeIntentUrl(e.href)).toMatch(/^intent:\/\/nookshare\.app\/host\?utm_source=ig#Intent;scheme=https;package=com\.android\.chrome;/)
    runTimers()
    expect(e.open).toHaveBeenCalledWith('https://nookshare.app/host?utm_source=ig&redirectAttempted=1')
    expect(store.get('redirectAttempted')).toBe('true')
    expect(attemptInAppEscape(e)).toBeNull()
    expect(e.navigate).toHaveBeenCalledTimes(1)
  })

  it('uses the Chrome scheme on iOS and skips the fallback once the page went to the background', () => {
    const { e, runTimers } = env(INSTAGRAM_IOS, true)
    expect(attemptInAppEscape(e)).toBe('ios')
    expect(e.navigate).toHaveBeenCalledWith('googlechromes://nookshare.app/host?utm_source=ig')
    runTimers()
    expect(e.open).not.toHaveBeenCalled()
    expect(chromeIosUrl('http://x.test/a')).toBe('googlechrome://x.test/a')
  })

  it('opens the marked URL elsewhere, and a page opened with the mark does not try again', () => {
    const ua = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130 Safari/537.36 Instagram 325.0'
    const first = env(ua)
    expect(attemptInAppEscape(first.e)).toBe('url')
    expect(first.e.open).toHaveBeenCalledWith('https://nookshare.app/host?utm_source=ig&redirectAttempted=1')
    const opened = env(ua)
    opened.e.href = 'https://nookshare.app/host?utm_source=ig&redirectAttempted=1'
    expect(attemptInAppEscape(opened.e)).toBeNull()
    expect(opened.e.open).not.toHaveBeenCalled()
    expect(opened.store.get('redirectAttempted')).toBe('true')
  })

  it('does nothing in a normal browser', () => {
    const { e, store } = env(CHROME)
    expect(attemptInAppEscape(e)).toBeNull()
    expect(e.navigate).not.toHaveBeenCalled()
    expect(store.size).toBe(0)
  })
})
