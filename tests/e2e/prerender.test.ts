// The lead and information pages arrive as finished HTML (prerendered at build time), the storage search
// too (rendered per request, with its first results), and the app then hydrates them: readable with no
// JavaScript at all, and no hydration errors for a signed-out visitor or a signed-in user (at phone
// size; what the layout decides, at both sizes).
import { describe, expect, it } from 'vitest'
import { app, apiLogin, browser, newContext, useSharedApp, type ViewportName } from './harness'
import { waitForController } from './pwa-helpers'

useSharedApp()

const PAGES: [string, RegExp][] = [
  ['/', /Store more\. Pay less\./],
  ['/host', /Turn your extra space into extra income/i],
  ['/storee', /Storage Near You/i],
  ['/faq', /Frequently asked questions/],
]

// The header (its "Log in" link) and the footer are laid out by the width: at both sizes.
describe.each(['phone', 'desktop'] as ViewportName[])('prerendered pages at %s size', (size) => {
  it('show their heading, header and footer with JavaScript turned off', async () => {
    const context = await newContext(browser, size, { javaScriptEnabled: false })
    const page = await context.newPage()
    for (const [url, heading] of PAGES) {
      await page.goto(`${app.baseUrl}${url}`)
      expect(await page.locator('h1').first().innerText()).toMatch(heading)
      expect(await page.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true)
      expect(await page.locator('footer').isVisible()).toBe(true)
    }
    await context.close()
  })
})

// Nothing on these pages renders differently by viewport in JavaScript (the header and layout are CSS), so
// hydration is the same at both sizes: asserted at phone size.
describe('prerendered pages hydrating, at phone size', () => {
  it('hydrate without errors, signed out and signed in, and then behave as the app', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    for (const signedIn of [false, true]) {
      const context = await newContext(browser, 'phone')
      if (signedIn) await context.addInitScript((t) => localStorage.setItem('token', t), token)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
      for (const [url, heading] of PAGES) {
        await page.goto(`${app.baseUrl}${url}`)
        expect(await page.locator('h1').first().innerText()).toMatch(heading)
        await page.waitForSelector('html[data-ready]')
        // Hydrated: the header reflects the session (the HTML was rendered signed out).
        if (signedIn) await expect.poll(() => page.getByRole('button', { name: 'Account menu' }).count()).toBe(1)
      }
      // Hydrated: a footer link navigates inside the app (no full page load).
      await page.goto(`${app.baseUrl}/faq`)
      await page.waitForSelector('html[data-ready]')
      await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))
      await page.locator('footer').getByRole('link', { name: /Terms/ }).click()
      await page.waitForURL(/\/terms$/)
      expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1)
      expect(errors, errors.join('\n')).toEqual([])
      await context.close()
    }
  })
})

// When the app is asked for does not depend on the width: asserted at phone size.
describe('a prerendered page starting the app, at phone size', () => {
  it("asks for a visitor's app only at their first touch, and a tap on the menu before the app ran opens it once it has (scripts/vite/start-after-paint.ts)", async () => {
    const context = await newContext(browser, 'phone', {}, { untouched: true })
    const page = await context.newPage()
    const entryAsked = () => page.evaluate(() => performance.getEntriesByType('resource').some((r) => /\/assets\/index-[^/]+\.js$/.test(r.name)))
    await page.goto(`${app.baseUrl}/`)
    expect(await page.locator('h1').first().innerText()).toMatch(/Store more\. Pay less\./)
    // Painted, loaded, and its service worker installed and in control (a reload offline shows this page)…
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)), { timeout: 20_000 }).toBe(true)
    // …and still no app: nothing asked for its code, nothing started.
    expect(await entryAsked()).toBe(false)
    expect(await page.locator('html[data-ready]').count()).toBe(0)
    // The app's code held back: the first tap, on the menu, reaches a button the app has not taken over yet.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await context.route(/\/assets\/index-[^/]+\.js$/, (route) => held.then(() => route.continue()))
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect.poll(entryAsked).toBe(true)
    expect(await page.locator('#mobile-nav').count()).toBe(0)
    release()
    await page.waitForSelector('html[data-ready]')
    // Once it runs, that tap is pressed again: the menu opens, once (not opened and closed).
    await expect.poll(() => page.locator('#mobile-nav').isVisible()).toBe(true)
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true')
    // Started: the search is the app's (the page's own form would load /storages as a new document).
    await page.getByRole('button', { name: 'Close menu' }).click()
    await page.evaluate(() => ((window as unknown as { __marker: number }).__marker = 1))
    await page.getByPlaceholder('City, neighbourhood or postal code').fill('Toronto')
    await page.getByRole('button', { name: 'Search storage' }).click()
    await page.waitForURL(/\/storages\?q=Toronto$/)
    expect(await page.evaluate(() => (window as unknown as { __marker?: number }).__marker)).toBe(1)
    await context.close()
  })

  it('starts the app without a touch for someone signed in on the device, after the first paint', async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const context = await newContext(browser, 'phone', {}, { untouched: true })
    await context.addInitScript((t) => localStorage.setItem('token', t), token)
    // When the page's first frame came, and when the parser met the start script (the page's last element).
    await context.addInitScript(() => {
      const w = window as unknown as { __firstFrame?: number; __startScriptAt?: number }
      requestAnimationFrame(() => (w.__firstFrame ??= performance.now()))
      new MutationObserver((_, observer) => {
        if (!document.querySelector('script[data-app-start]')) return
        w.__startScriptAt = performance.now()
        observer.disconnect()
      }).observe(document, { childList: true, subtree: true })
    })
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/host`)
    await page.waitForSelector('html[data-ready]')
    await expect.poll(() => page.getByRole('button', { name: /^Account menu/ }).count()).toBe(1)
    const t = await page.evaluate(() => {
      const w = window as unknown as { __firstFrame: number; __startScriptAt: number }
      const entry = performance.getEntriesByType('resource').find((r) => /\/assets\/index-[^/]+\.js$/.test(r.name))!
      return {
        asked: entry.startTime,
        firstFrame: w.__firstFrame,
        startScript: w.__startScriptAt,
        preloads: performance.getEntriesByType('resource').filter((r) => /\/assets\/react-dom-[^/]+\.js$/.test(r.name)).length,
      }
    })
    // Asked for by the start script, after the parser had read the whole page (up to that script) and a frame
    // had come, with its chunks preloaded once. (Not against domInteractive: on a loaded machine the parser
    // can end its last task after the start script's, 8 ms after the request in one CI run.)
    expect(t.asked).toBeGreaterThan(t.startScript)
    expect(t.asked).toBeGreaterThanOrEqual(t.firstFrame)
    expect(t.preloads).toBe(1)
    await context.close()
  })

  it('starts a search page (rendered per request) after its first paint without a touch, and a tap on Filters before the app ran opens them once it has', async () => {
    const context = await newContext(browser, 'phone', {}, { untouched: true })
    const page = await context.newPage()
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    await context.route(/\/assets\/index-[^/]+\.js$/, (route) => held.then(() => route.continue()))
    await page.goto(`${app.baseUrl}/storages?q=Toronto`, { waitUntil: 'domcontentloaded' })
    await page.getByRole('button', { name: /^Filters/ }).click()
    expect(await page.getByRole('dialog').count()).toBe(0)
    release()
    await page.waitForSelector('html[data-ready]')
    await expect.poll(() => page.getByRole('dialog', { name: 'Filters' }).isVisible()).toBe(true)
    await context.close()
  })

  it("stays as its HTML when its route's code cannot load (offline before the worker has it), and its links still work", async () => {
    // No worker here: the page's own route chunk fails, as it does offline just after a first visit when the
    // worker has this page's HTML but not yet its code (the worker fetches the rest behind the core).
    const context = await newContext(browser, 'phone', { serviceWorkers: 'block' })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    let failed = 0
    await context.route(/\/assets\/host-[^/]+\.js$/, (route) => (failed++, route.abort('internetdisconnected')))
    await page.goto(`${app.baseUrl}/host`)
    await page.waitForSelector('html[data-start="html"]')
    expect(failed).toBeGreaterThan(0)
    // Not replaced by the app's offline message: the page as the server rendered it, and no error.
    expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toMatch(/Turn your extra space into extra income/i)
    expect(await page.getByRole('heading', { name: "You're offline" }).count()).toBe(0)
    expect(errors).toEqual([])
    // Its links load the next page, which starts the app.
    await context.unroute(/\/assets\/host-[^/]+\.js$/)
    await page.locator('footer').getByRole('link', { name: /Terms/ }).click()
    await page.waitForURL(/\/terms$/)
    await page.waitForSelector('html[data-ready]')
    expect(await page.getByRole('heading', { level: 1 }).first().innerText()).toMatch(/Terms/)
    await context.close()
  })
})

// The search's results, form, paging and sort are the same at both sizes: asserted at phone size.
describe('the storage search, rendered on the server, at phone size', () => {
  const size: ViewportName = 'phone'
  const cards = (page: import('playwright-core').Page) => page.getByTestId('storage-card')

  it('lists the first results with JavaScript turned off, and its search form works without it', async () => {
    const context = await newContext(browser, size, { javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages`)
    expect(await cards(page).count()).toBe(8)
    expect(await page.getByText(/^\d[\d,]* spaces$/).isVisible()).toBe(true)
    // The first photo is fetched at once (not lazily): it is the largest thing on the first screen.
    expect(await cards(page).first().locator('img').getAttribute('loading')).toBe('eager')
    await page.getByLabel('Location').fill('Halifax')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await page.waitForURL(/\/storages\?q=Halifax$/)
    expect(await cards(page).count()).toBeGreaterThan(0)
    for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Halifax, NS')
    await context.close()
  })

  it('an old link with ?location= (what the landing page once sent) searches that place, under ?q=', async () => {
    const res = await fetch(`${app.baseUrl}/storages?location=Halifax`, { redirect: 'manual', headers: { accept: 'text/html' } })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/storages?q=Halifax')
    const context = await newContext(browser, size)
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages?location=Halifax`)
    await page.waitForSelector('html[data-ready]')
    expect(new URL(page.url()).search).toBe('?q=Halifax')
    expect(await page.getByLabel('Location').inputValue()).toBe('Halifax')
    expect(await cards(page).count()).toBeGreaterThan(0)
    for (const text of await cards(page).allInnerTexts()) expect(text).toContain('Halifax, NS')
    await context.close()
  })

  it('hydrates without errors or a second fetch of the first page, then loads more and filters as the app', async () => {
    const context = await newContext(browser, size)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    const searches: string[] = []
    page.on('request', (r) => r.url().includes('/api/storages?') && searches.push(new URL(r.url()).search))
    await page.goto(`${app.baseUrl}/storages?q=toronto`)
    await page.waitForSelector('html[data-ready]')
    expect(await cards(page).count()).toBe(8)
    await page.getByRole('button', { name: 'Load more' }).click()
    await expect.poll(() => cards(page).count()).toBe(16)
    // The first page came with the HTML: the browser asked only for the second.
    expect(searches).toEqual(['?q=toronto&page=2&limit=8'])
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price')
    await page.waitForURL(/sort=price/)
    await expect.poll(() => cards(page).first().innerText()).toContain('Toronto, ON')
    expect(errors, errors.join('\n')).toEqual([])
    await context.close()
  })
})

// Layout shift is a matter of layout: at both sizes.
describe.each(['phone', 'desktop'] as ViewportName[])('startup of a page rendered on the server, at %s size', (size) => {
  /** Records layout shifts and paints from the first moment of the page. */
  const observe = () => {
    const w = window as unknown as { __shifts: number[] }
    w.__shifts = []
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!e.hadRecentInput) w.__shifts.push(e.value)
    }).observe({ type: 'layout-shift', buffered: true })
  }

  /** The app's stylesheet (index.html links it; a page rendered on the server has it inline). */
  const APP_CSS = /\/assets\/index-[^/]+\.css$/

  it.each(['/', '/storages?q=toronto', 'listing'])(
    '%s paints from its HTML, then hydrates without errors, layout shift or a second copy of its styles',
    async (target) => {
      let url = target
      if (target === 'listing') {
        const [first] = (await (await fetch(`${app.baseUrl}/api/storages?q=toronto&limit=1`)).json()) as { id: string }[]
        url = `/storages/${first!.id}`
      }
      const context = await newContext(browser, size)
      await context.addInitScript(observe)
      const page = await context.newPage()
      const errors: string[] = []
      page.on('pageerror', (e) => errors.push(e.message))
      page.on(
        'console',
        (m) => m.type() === 'error' && !/Failed to load resource: net::ERR_/.test(m.text()) /* map tiles: no internet here */ && errors.push(m.text()),
      )
      // The app's stylesheet is in the page (inline): its lazy imports, which list it, must not fetch it again.
      const stylesheets: string[] = []
      page.on('request', (r) => APP_CSS.test(r.url()) && stylesheets.push(r.url()))
      await page.goto(`${app.baseUrl}${url}`)
      await page.waitForSelector('html[data-ready]')
      expect(stylesheets).toEqual([])
      const appStyles = (appCss: string) =>
        [...document.styleSheets].filter((s) => !s.disabled && (new RegExp(appCss).test(s.href ?? '') || /tailwindcss/.test(s.ownerNode?.textContent ?? '')))
          .length
      expect(await page.evaluate(appStyles, APP_CSS.source)).toBe(1)
      // Painted from the server's HTML.
      expect(await page.evaluate(() => performance.getEntriesByName('first-contentful-paint').length)).toBe(1)
      // Hydrated: the app runs on the server's markup (the same heading, still there, no second render).
      expect(await page.locator('h1').count()).toBeGreaterThan(0)
      const shifts = await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts.reduce((a, b) => a + b, 0))
      expect(shifts).toBeLessThan(0.01)
      expect(errors, errors.join('\n')).toEqual([])
      await context.close()
    },
  )
})

// A listing's sections below the fold (the booking panel after the details on a phone) hydrate as they
// come into view or are touched (src/lib/hydrate-on-view.tsx); until then they are the server's HTML. The
// booking panel's fields are disabled in that HTML and enabled by the app, which is what a person sees.
describe("a listing's sections below the fold, at phone size", () => {
  const listingUrl = async () => {
    const [first] = (await (await fetch(`${app.baseUrl}/api/storages?q=toronto&limit=1`)).json()) as { id: string }[]
    return `${app.baseUrl}/storages/${first!.id}`
  }
  /** Settled: the app runs and has nothing left to do in the next animation frames. */
  const settled = (page: import('playwright-core').Page) =>
    page.waitForSelector('html[data-ready]').then(() => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300)))))

  /**
   * The page's idle callbacks never come: the islands still waiting once the page has settled are opened in
   * them (the only use of requestIdleCallback in the app), so only a scroll or a touch opens one here.
   */
  const holdIdle = (context: import('playwright-core').BrowserContext) =>
    context.addInitScript(() => {
      window.requestIdleCallback = () => 0
    })

  it('stay as the HTML while out of view, and work once scrolled to', async () => {
    const context = await newContext(browser, 'phone')
    await holdIdle(context)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    await page.goto(await listingUrl())
    await settled(page)
    const offer = page.getByRole('checkbox', { name: /Make an offer/ })
    const send = page.getByRole('button', { name: 'Log in to book' })
    expect(await page.getByRole('region', { name: 'Book this space' }).innerText()).toMatch(/\/ month/)
    // Its HTML: sending waits for the app (the fields take input, kept once it has: typed-before-start.test.ts).
    expect(await send.isDisabled()).toBe(true)
    await page.getByRole('region', { name: 'Book this space' }).scrollIntoViewIfNeeded()
    await expect.poll(() => send.isEnabled()).toBe(true)
    await offer.check()
    await expect.poll(() => page.getByLabel(/Your monthly offer/).isVisible()).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('open by themselves once the page has settled, out of view: a keyboard reaches the booking panel without scrolling to it', async () => {
    const context = await newContext(browser, 'phone')
    const page = await context.newPage()
    await page.goto(await listingUrl())
    await settled(page)
    await expect.poll(() => page.getByRole('button', { name: 'Log in to book' }).isEnabled()).toBe(true)
    expect(await page.evaluate(() => scrollY)).toBe(0)
    // Tabbing from the page's top gets to the panel's fields (a disabled field takes no focus).
    let reached = false
    for (let i = 0; i < 80 && !reached; i++) {
      await page.keyboard.press('Tab')
      reached = await page.evaluate(() => document.activeElement?.closest('#book') != null && document.activeElement.matches('input'))
    }
    expect(reached).toBe(true)
    await context.close()
  })

  it('answer a tap made before they hydrated, once', async () => {
    const context = await newContext(browser, 'phone')
    await holdIdle(context)
    // Nothing comes into view by itself: only the tap can hydrate the section.
    await context.addInitScript(() => {
      window.IntersectionObserver = class {
        observe() {}
        unobserve() {}
        disconnect() {}
        takeRecords() {
          return []
        }
      } as unknown as typeof IntersectionObserver
    })
    const page = await context.newPage()
    const url = await listingUrl()
    await page.goto(url)
    await settled(page)
    const navigations: string[] = []
    page.on('framenavigated', (f) => f === page.mainFrame() && navigations.push(f.url()))
    await page.getByRole('button', { name: 'Message host' }).click()
    // A visitor asking to message the host is asked to log in first, with the chat to come back to.
    await page.waitForURL(/\/login\?redirect=/)
    expect(new URL(page.url()).searchParams.get('redirect')).toMatch(/^\/messages\?chat=/)
    await page.goBack()
    await page.waitForURL(url)
    expect(navigations.filter((u) => /\/login/.test(u))).toHaveLength(1)
    await context.close()
  })

  it("opened from the search by someone signed in, show their view from the first frame (not the visitor's the HTML had)", async () => {
    const token = await apiLogin(app.baseUrl, 'renter@nookshare.test')
    const context = await newContext(browser, 'phone')
    await context.addInitScript((t) => localStorage.setItem('token', t), token)
    // Every text the page ever showed, however briefly.
    await context.addInitScript(() => {
      const w = window as unknown as { __seen: string[] }
      w.__seen = []
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) if (n.textContent?.includes('Log in to book')) w.__seen.push('Log in to book')
      }).observe(document, { childList: true, subtree: true, characterData: true })
    })
    const page = await context.newPage()
    await page.goto(`${app.baseUrl}/storages?q=toronto`)
    await page.waitForSelector('html[data-ready]')
    await page.evaluate(() => ((window as unknown as { __seen: string[] }).__seen = []))
    await page.getByTestId('storage-card').first().click()
    await page.waitForURL(/\/storages\/[^/?]+/)
    const panel = page.getByRole('region', { name: 'Book this space' })
    await panel.scrollIntoViewIfNeeded()
    await expect.poll(() => panel.getByRole('button', { name: /Request to book|Instant book|Book now/ }).count()).toBe(1)
    expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual([])
    await context.close()
  })

  it("starts a listing's app (rendered per request) at a visitor's first touch; the Book bar takes them to the panel before it runs, and the panel works once it has", async () => {
    const context = await newContext(browser, 'phone', {}, { untouched: true })
    const page = await context.newPage()
    const appAsked: string[] = []
    page.on('request', (r) => /\/assets\/index-[^/]+\.js$/.test(r.url()) && appAsked.push(r.url()))
    await page.goto(await listingUrl(), { waitUntil: 'load' })
    // Painted, loaded, untouched: none of the app's code asked for (a frame and a second have passed).
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 1100))))
    expect(appAsked).toEqual([])
    expect(await page.locator('html[data-ready]').count()).toBe(0)
    // The bar is a link to the panel: the tap takes the visitor there at once, and starts the app.
    await page.getByTestId('book-bar').getByRole('link', { name: 'Request to book' }).tap()
    // (Its id: the panel's region is named once it has hydrated.)
    expect(await page.locator('#book').evaluate((el) => el.getBoundingClientRect().top < innerHeight)).toBe(true)
    await page.waitForSelector('html[data-ready]')
    expect(appAsked).toHaveLength(1)
    const start = page.getByLabel('Start date')
    await expect.poll(() => start.isEnabled()).toBe(true)
    await start.fill('2031-03-01')
    await page.getByLabel('No end date (monthly until cancelled)').uncheck()
    await expect.poll(() => page.getByLabel('End date', { exact: true }).isEnabled()).toBe(true)
    expect(await start.inputValue()).toBe('2031-03-01')
    await context.close()
  })

  it('hydrate offline when scrolled to, on a listing the worker saved', async () => {
    const context = await newContext(browser, 'phone')
    await holdIdle(context)
    const page = await context.newPage()
    const url = await listingUrl()
    await page.goto(url)
    await waitForController(page)
    await context.setOffline(true)
    await page.reload()
    await settled(page)
    // Whether the worker answers with the page's HTML or the shell, the panel works once in view.
    const offer = page.getByRole('checkbox', { name: /Make an offer/ })
    await page.getByRole('region', { name: 'Book this space' }).scrollIntoViewIfNeeded()
    await expect.poll(() => page.getByRole('button', { name: 'Log in to book' }).isEnabled()).toBe(true)
    await offer.check()
    await expect.poll(() => page.getByLabel(/Your monthly offer/).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { level: 1 }).innerText()).not.toBe("You're offline")
    await context.close()
  })
})
