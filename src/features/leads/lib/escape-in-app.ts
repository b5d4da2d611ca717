// The host page's in-app browser escape (spec 4): once per session (sessionStorage redirectAttempted),
// Android tries a Chrome intent, iOS the Chrome scheme, then the plain URL is opened.
import { SS } from '../../../lib/storage-keys'
import { detectInAppBrowser, isAndroid, isIOS } from './browser-detect'

export interface EscapeEnv {
  ua: string
  href: string
  session: Pick<Storage, 'getItem' | 'setItem'>
  navigate(url: string): void
  open(url: string): void
  later(fn: () => void, ms: number): void
  /** True once the page went to the background (the external browser opened). */
  isHidden(): boolean
}

export const FALLBACK_DELAY_MS = 1500

export function chromeIntentUrl(href: string): string {
  const url = new URL(href)
  return `intent://${url.host}${url.pathname}${url.search}#Intent;scheme=${url.protocol.replace(':', '')};package=com.android.chrome;S.browser_fallback_url=${encodeURIComponent(href)};end`
}

/** The URL opened by the fallback carries the guard, so a window the in-app browser opens itself does not try again. */
export function markedUrl(href: string): string {
  const url = new URL(href)
  url.searchParams.set(SS.redirectAttempted, '1')
  return url.toString()
}

export function chromeIosUrl(href: string): string {
  return href.replace(/^https:\/\//, 'googlechromes://').replace(/^http:\/\//, 'googlechrome://')
}

/** Returns what it tried: 'android' | 'ios' | 'url', or null when not in-app or already attempted. */
export function attemptInAppEscape(env: EscapeEnv): 'android' | 'ios' | 'url' | null {
  if (!detectInAppBrowser(env.ua)) return null
  try {
    const marked = new URL(env.href).searchParams.has(SS.redirectAttempted)
    if (env.session.getItem(SS.redirectAttempted) || marked) {
      env.session.setItem(SS.redirectAttempted, 'true')
      return null
    }
    env.session.setItem(SS.redirectAttempted, 'true')
  } catch {
    return null
  }
  const fallback = markedUrl(env.href)
  try {
    if (isAndroid(env.ua)) {
      env.navigate(chromeIntentUrl(env.href))
      env.later(() => !env.isHidden() && env.open(fallback), FALLBACK_DELAY_MS)
      return 'android'
    }
    if (isIOS(env.ua)) {
      env.navigate(chromeIosUrl(env.href))
      env.later(() => !env.isHidden() && env.open(fallback), FALLBACK_DELAY_MS)
      return 'ios'
    }
    env.open(fallback)
    return 'url'
  } catch (err) {
    console.error('In-app browser escape failed', err)
    return null
  }
}

export function browserEscapeEnv(): EscapeEnv {
  return {
    ua: navigator.userAgent,
    href: window.location.href,
    session: window.sessionStorage,
    navigate: (url) => window.location.assign(url),
    open: (url) => void window.open(url, '_blank', 'noopener'),
    later: (fn, ms) => void window.setTimeout(fn, ms),
    isHidden: () => document.visibilityState === 'hidden',
  }
}
