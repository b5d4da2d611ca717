import { describe, expect, it } from 'vitest'
import { detectAdTraffic, logAdTraffic } from './ad-traffic'
import { browserName, detectInAppBrowser, isAndroid, isIOS } from './browser-detect'
import { estimateSavings, formatMonths } from './calculator'
import { swipeDirection, wrapIndex } from './carousel-index'
import { estimateMonthlyIncome } from './estimator'
import { splitName } from './name-split'
import { LEAD_MESSAGES, isValidEmail, validateLead } from './validate-lead'

const UA = {
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  safariIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  instagram: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 325.0.0.30.91',
  facebook:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/460.0.0.48.109;]',
  tiktok: 'Mozilla/5.0 (Linux; Android 13; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36 musical_ly_2023',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP1A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0 Mobile Safari/537.36',
  iosWebView: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/124.0 Mobile/15E148 Safari/604.1',
}

describe('host earnings estimator', () => {
  it('is width × 5 + length × 5 dollars a month, rounded to the nearest dollar', () => {
    expect(estimateMonthlyIncome(10, 10)).toBe(100)
    expect(estimateMonthlyIncome('12', '20')).toBe(160)
    expect(estimateMonthlyIncome('10.3', '10')).toBe(102) // 101.5 rounds up
    expect(estimateMonthlyIncome('10.2', '10')).toBe(101)
  })
  it('shows nothing unless both sides are numbers greater than 0', () => {
    for (const [w, l] of [
      ['', '10'],
      ['10', ''],
      ['0', '10'],
      ['10', '-3'],
      ['abc', '10'],
      [NaN, 4],
      ['  ', '5'],
    ] as const) {
      expect(estimateMonthlyIncome(w, l), `${w} × ${l}`).toBeNull()
    }
  })
})

describe('renter savings calculator', () => {
  it('compares 200 a month with what the renter pays here: 100 a month and the 10% service fee', () => {
    expect(estimateSavings(12)).toEqual({ months: 12, traditional: 2400, nookshare: 1320, savings: 1080 })
    expect(estimateSavings(0.1)).toEqual({ months: 0.1, traditional: 20, nookshare: 11, savings: 9 })
    expect(estimateSavings(2.3000000000000003)).toMatchObject({ months: 2.3, traditional: 460 })
  })
  it('asks to move the slider under 0.1 months', () => {
    expect(estimateSavings(0)).toBeNull()
    expect(estimateSavings(0.04)).toBeNull()
  })
  it("says 'months' from 2 up", () => {
    expect(formatMonths(1)).toBe('1 month')
    expect(formatMonths(1.9)).toBe('1.9 month')
    expect(formatMonths(2)).toBe('2 months')
    expect(formatMonths(48)).toBe('48 months')
    expect(formatMonths(0.5)).toBe('0.5 month')
  })
})

describe('name split', () => {
  it('splits at the first whitespace; the rest is the last name', () => {
    expect(splitName('Ada Lovelace')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' })
    expect(splitName('  Mary   Ann  de Souza ')).toEqual({ firstName: 'Mary', lastName: 'Ann de Souza' })
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: '' })
    expect(splitName('   ')).toEqual({ firstName: '', lastName: '' })
  })
})

describe('lead form validation', () => {
  it('needs a name and an email', () => {
    expect(validateLead({ name: '', email: 'a@b.co' })).toBe('Please fill out name and email fields')
    expect(validateLead({ name: 'Ann', email: '  ' })).toBe(LEAD_MESSAGES.required)
  })
  it('checks the email is text@text.text with no spaces', () => {
    for (const bad of ['ann', 'ann@', 'ann@host', '@host.com', 'ann@host.', 'an n@host.com', 'ann@ho st.com']) {
      expect(isValidEmail(bad), bad).toBe(false)
      expect(validateLead({ name: 'Ann', email: bad })).toBe('Please enter a valid email address')
    }
    expect(validateLead({ name: 'Ann', email: 'ann@host.co.uk' })).toBeNull()
  })
})

describe('in-app browser detection', () => {
  it('recognises Facebook, Instagram, TikTok and webviews', () => {
    expect(detectInAppBrowser(UA.instagram)).toBe('Instagram')
    expect(detectInAppBrowser(UA.facebook)).toBe('Facebook')
    expect(detectInAppBrowser(UA.tiktok)).toBe('TikTok')
    expect(detectInAppBrowser(UA.androidWebView)).toBe('WebView')
    expect(detectInAppBrowser(UA.iosWebView)).toBe('WebView')
  })
  it('leaves normal browsers alone', () => {
    for (const ua of [UA.chrome, UA.safariIos, UA.chromeIos]) expect(detectInAppBrowser(ua)).toBeNull()
    expect(browserName(UA.chrome)).toBe('Chrome')
    expect(browserName(UA.safariIos)).toBe('Safari')
  })
  it('knows the platform', () => {
    expect(isAndroid(UA.facebook)).toBe(true)
    expect(isIOS(UA.instagram)).toBe(true)
    expect(isIOS(UA.chrome) || isAndroid(UA.chrome)).toBe(false)
  })
})

describe('ad traffic detection', () => {
  it('flags fbclid, utm_source, paid media and long campaigns', () => {
    expect(detectAdTraffic('?fbclid=abc').reasons).toEqual(['fbclid'])
    expect(detectAdTraffic('?utm_source=facebook').isAd).toBe(true)
    for (const m of ['paid', 'cpc', 'PPC']) expect(detectAdTraffic(`?utm_medium=${m}`).isAd).toBe(true)
    expect(detectAdTraffic('?utm_medium=email').isAd).toBe(false)
    expect(detectAdTraffic('?utm_campaign=spring2026').isAd).toBe(false) // 10 characters
    expect(detectAdTraffic('?utm_campaign=spring-2026').isAd).toBe(true) // 11 characters
    expect(detectAdTraffic('').isAd).toBe(false)
  })
  it('only logs', () => {
    const lines: unknown[] = []
    logAdTraffic('?fbclid=1', (...args) => lines.push(args))
    logAdTraffic('?q=1', (...args) => lines.push(args))
    expect(lines).toEqual([['Ad traffic detected', ['fbclid']]])
  })
})

describe('carousel index', () => {
  it('wraps both ways over 0..2', () => {
    expect(wrapIndex(3, 3)).toBe(0)
    expect(wrapIndex(-1, 3)).toBe(2)
    expect(wrapIndex(-4, 3)).toBe(2)
    expect(wrapIndex(1, 3)).toBe(1)
  })
  it('reads a horizontal swipe and ignores taps and vertical scrolls', () => {
    expect(swipeDirection(-80, 5)).toBe(1)
    expect(swipeDirection(80, 5)).toBe(-1)
    expect(swipeDirection(20, 0)).toBe(0)
    expect(swipeDirection(-60, 120)).toBe(0)
  })
})
