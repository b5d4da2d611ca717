// A page on a phone-sized touch screen with the CPU slowed by CDP's `Emulation.setCPUThrottlingRate` (what
// Lighthouse's DevTools throttling uses): loaded once to warm its caches, loaded again slowed down and left
// to settle, then tapped where the page has a typical tap.
// - Its blocking time as the slowed page ran it: the Long Tasks the browser reported from the first
//   contentful paint until the page settled, each counted past its first 50 ms (TBT's own rule). Lighthouse's
//   TBT is simulated instead: it multiplies each task of an unslowed load by the slowdown, so a task React
//   cut into 5 ms slices counts as 50 ms ones; here React's slices stay a few milliseconds, as on a phone.
// - The tap's INP: its longest Event Timing entry (input delay + handlers + until the next paint;
//   Chromium's own measure, as web-vitals reads it). On a visitor's page rendered on the server the app
//   starts at the first touch (scripts/vite/start-after-paint.ts): there the tap is that first touch, and what
//   is measured is the wait a person sees, from the tap until its answer is on screen (the app loaded,
//   hydrated and the tap pressed again); the tap's own Event Timing would only show a button with no handler.
import { chromium, type Page } from 'playwright-core'
import { PHONE_CONTEXT } from './bench-chromium'
import { signIn } from './demo-sign-in'

/** The tap each page is judged by, how to find its target, and (on a page a visitor's touch starts) what shows once it is answered. */
export const TAPS: Record<string, { what: string; target: (page: Page) => ReturnType<Page['locator']>; answer?: string }> = {
  '/': { what: 'menu button', target: (page) => page.getByRole('button', { name: 'Open menu' }), answer: '#mobile-nav' },
  '/storages': { what: 'Filters button', target: (page) => page.getByRole('button', { name: /^Filters/ }), answer: '[role=dialog]' },
  '/messages': { what: 'open a chat', target: (page) => page.getByTestId('conversation').first().getByRole('button').first() },
  // The Book bar is a link: the jump to the panel is the browser's own, at once, and its fields take input
  // before the app; what a visitor's first touch waits for is the panel's send button (the app started, the
  // panel hydrated: what follows from a field shows then).
  listing: {
    what: 'Book bar: the panel sends',
    target: (page) => page.getByTestId('book-bar').getByRole('link'),
    answer: '#book button[type="submit"]:not(:disabled)',
  },
}

/** The tap's INP in ms (0 for a tap under Event Timing's 16 ms floor), on a page that has settled. */
async function tapInp(page: Page, tap: (typeof TAPS)[string]): Promise<number> {
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
  return Math.max(0, ...durations)
}

/**
 * On a page the app has not started on (a visitor's, waiting for their first touch): ms from the tap's
 * pointerdown to the first frame with its answer in the page.
 */
async function firstTapWait(page: Page, tap: (typeof TAPS)[string]): Promise<number> {
  // A string, not a function: tsx names the functions it compiles with a helper the page does not have.
  await page.evaluate(`(() => {
    addEventListener('pointerdown', (e) => { if (window.tapAt === undefined) window.tapAt = e.timeStamp }, { capture: true })
    const check = () => document.querySelector(${JSON.stringify(tap.answer)}) ? (window.answeredAt = performance.now()) : requestAnimationFrame(check)
    requestAnimationFrame(check)
  })()`)
  await tap.target(page).tap()
  await page.waitForFunction(() => (window as unknown as { answeredAt?: number }).answeredAt !== undefined, undefined, { timeout: 30_000 })
  return page.evaluate(() => {
    const w = window as unknown as { tapAt: number; answeredAt: number }
    return w.answeredAt - w.tapAt
  })
}

/** The slowed load's blocking time in ms, and the INP in ms of the route's tap (null where it has none; `firstTouch`: the wait for the first tap's answer instead). */
export async function slowedVisit(opts: {
  port: number
  url: string
  route: string
  cpuSlowdown: number
  token?: string
}): Promise<{ blocking: number; inp: number | null; firstTouch: boolean }> {
  const tap = TAPS[opts.route]
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${opts.port}`)
  try {
    const context = await browser.newContext(PHONE_CONTEXT)
    // Every long task from the start, as the page reports them.
    await context.addInitScript(() => {
      const w = window as unknown as { longTasks: Array<[number, number]> }
      w.longTasks = []
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push([e.startTime, e.duration])
      }).observe({ type: 'longtask', buffered: true })
    })
    const page = await context.newPage()
    if (opts.token) await signIn(page, opts.url, opts.token)
    await page.goto(opts.url, { waitUntil: 'networkidle' })
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: opts.cpuSlowdown })
    await page.goto(opts.url, { waitUntil: 'networkidle' })
    if (tap) await tap.target(page).waitFor()
    // Settled: the main thread idle once the page and its data are in.
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 10_000 })))
    const blocking = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0
      const tasks = (window as unknown as { longTasks: Array<[number, number]> }).longTasks
      return tasks.filter(([start]) => start >= fcp).reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0)
    })
    const waiting = tap?.answer !== undefined && !(await page.evaluate(() => document.documentElement.hasAttribute('data-ready')))
    const inp = !tap ? null : waiting ? await firstTapWait(page, tap) : await tapInp(page, tap)
    await context.close()
    return { blocking, inp, firstTouch: waiting }
  } finally {
    await browser.close()
  }
}
