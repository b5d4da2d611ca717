// The Interaction to Next Paint of one typical tap on a page, on a phone-sized touch screen with the CPU
// slowed by CDP's `Emulation.setCPUThrottlingRate` (what Lighthouse's DevTools throttling uses): the page is
// loaded once to warm its caches, loaded again slowed down, left to settle, tapped, and the tap's longest
// Event Timing entry (input delay + handlers + until the next paint; Chromium's own measure, as web-vitals
// reads it) is its INP.
import { chromium, type Page } from 'playwright-core'

/** The tap each page is judged by, and how to find its target. */
export const TAPS: Record<string, { what: string; target: (page: Page) => ReturnType<Page['locator']> }> = {
  '/': { what: 'search button', target: (page) => page.getByRole('button', { name: 'Search storage' }) },
  '/storages': { what: 'Filters button', target: (page) => page.getByRole('button', { name: /^Filters/ }) },
  '/messages': { what: 'open a chat', target: (page) => page.getByTestId('conversation').first().getByRole('button').first() },
}

/** INP in ms of the route's tap (null where it has none; 0 for a tap under Event Timing's 16 ms floor). */
export async function tapInp(opts: { port: number; url: string; route: string; cpuSlowdown: number; token?: string }): Promise<number | null> {
  const tap = TAPS[opts.route]
  if (!tap) return null
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${opts.port}`)
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
    const page = await context.newPage()
    if (opts.token) {
      await page.goto(new URL('/', opts.url).href, { waitUntil: 'load' })
      await page.evaluate((t) => localStorage.setItem('token', t), opts.token)
    }
    await page.goto(opts.url, { waitUntil: 'networkidle' })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpuSlowdown })
    await page.goto(opts.url, { waitUntil: 'networkidle' })
    await tap.target(page).waitFor()
    // Settled: the main thread idle once the page and its data are in.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 10_000 })))
    await page.evaluate(() => {
      const w = window as unknown as { tapEntries: number[]; firstInput: boolean; clicked: boolean }
      w.tapEntries = []
      w.firstInput = false
      w.clicked = false
      addEventListener('click', () => (w.clicked = true), { capture: true })
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as Array<PerformanceEntry & { interactionId?: number }>) if (e.interactionId) w.tapEntries.push(e.duration)
      }).observe({ type: 'event', durationThreshold: 16, buffered: true } as PerformanceObserverInit)
      // Always reported for a page's first input, however short: the sign that the tap's entries are out.
      new PerformanceObserver(() => (w.firstInput = true)).observe({ type: 'first-input', buffered: true })
    })
    await tap.target(page).tap()
    await page.waitForFunction(
      () => {
        const w = window as unknown as { firstInput: boolean; clicked: boolean }
        return w.firstInput && w.clicked
      },
      undefined,
      { timeout: 30_000 },
    )
    // The click handled, the entries of its paint are out a frame or two later.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))))
    const durations = await page.evaluate(() => (window as unknown as { tapEntries: number[] }).tapEntries)
    await context.close()
    return Math.max(0, ...durations)
  } finally {
    await browser.close()
  }
}
