// The first visit, then the connection drops: how long after a new visitor opens a page does a reload
// with no network still show it (issue 26)? Per page, RUNS fresh browser profiles (default 5): open the
// page, wait until a service worker controls it, go offline (Chromium's network emulation, which covers
// the worker too), reload, and check the page renders (its own h1, not the browser's error page nor the
// app's) and the app runs on it (it says "You're offline.": the app's code came from the worker too). Prints the
// median time from the start of the first visit to that point, beside the first contentful paint (the
// goal: offline-ready as soon as the page has painted). Served through a throttling proxy (a phone on a
// slow link: RTT_MS per request, KBPS shared by all transfers; THROTTLE=0 for the bare local server).
// Usage: npm run bench -- first-visit   (PAGES=/,/storages?q=Toronto RUNS=5 KBPS=400 RTT_MS=150)
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http'
import { launchBenchChromium } from './lib/bench-chromium'
import { startAppServer } from './lib/app-server'
import { freePort } from './lib/free-port'
import { touchOnceShown } from './lib/first-touch'

const PAGES = (process.env.PAGES ?? '/,/storages?q=Toronto').split(',').filter(Boolean)
const RUNS = Number(process.env.RUNS ?? 5)
const THROTTLE = process.env.THROTTLE !== '0'
const KBPS = Number(process.env.KBPS ?? 400)
const RTT_MS = Number(process.env.RTT_MS ?? 150)
/** LOG=1: every request through the throttle, when asked and when done (ms since the run's start). */
const LOG = process.env.LOG === '1'
let t0 = Date.now()

/** A proxy that adds RTT_MS to each request and paces every response body through one KBPS budget. */
async function startThrottle(target: string) {
  let nextFree = Date.now()
  const pace = (bytes: number) => {
    const now = Date.now()
    nextFree = Math.max(nextFree, now) + (bytes / (KBPS * 1024)) * 1000
    return nextFree - now
  }
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (LOG) console.log(`    ${Date.now() - t0} ms → ${req.url}`)
    const url = new URL(req.url ?? '/', target)
    setTimeout(() => {
      const upstream = request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers)
        // One chunk after the other, each when the shared budget allows it.
        let queue = Promise.resolve()
        const later = (ms: number) => new Promise((r) => setTimeout(r, ms))
        up.on('data', (chunk: Buffer) => (queue = queue.then(() => later(pace(chunk.length))).then(() => void res.write(chunk))))
        let bytes = 0
        up.on('data', (chunk: Buffer) => (bytes += chunk.length))
        up.on('end', () => void queue.then(() => (res.end(), LOG && console.log(`    ${Date.now() - t0} ms ${req.url} ${up.statusCode} ${bytes} B`))))
      })
      upstream.on('error', () => res.destroy())
      req.pipe(upstream)
    }, RTT_MS)
  })
  const port = await freePort()
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r))
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN
}

const server = await startAppServer('first-visit')
const proxy = THROTTLE ? await startThrottle(server.base) : undefined
const base = proxy?.url ?? server.base
const browser = await launchBenchChromium()
console.log(THROTTLE ? `Through a throttled link: ${KBPS} KB/s shared, ${RTT_MS} ms per request.` : 'Straight to the local server.')
try {
  for (const pathname of PAGES) {
    const ready: number[] = []
    const painted: number[] = []
    const started: number[] = []
    let ok = 0
    for (let i = 0; i < RUNS; i++) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
      // A reader who touches the page as soon as it shows (and the reloaded one): the app starts then.
      await context.addInitScript(touchOnceShown)
      const page = await context.newPage()
      // Where the time goes: when the page first asked for the service worker.
      await page.addInitScript(() => {
        const container = globalThis.ServiceWorkerContainer?.prototype
        if (!container) return
        const register = container.register
        container.register = function (...args: Parameters<typeof register>) {
          ;(globalThis as { registeredAt?: number }).registeredAt ??= performance.now()
          return register.apply(this, args)
        }
      })
      const start = (t0 = Date.now())
      await page.goto(`${base}${pathname}`, { waitUntil: 'commit' })
      await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 120_000, polling: 50 })
      const at = Date.now() - start
      const fcp = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN)
      // Where the time goes: the page's load event (workbox-window registers after it; a prerendered page's
      // first visit asked for the worker at its first paint already).
      const loaded = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? NaN)
      const registered = await page.evaluate(() => (globalThis as { registeredAt?: number }).registeredAt ?? NaN)
      // When the app was running on the page (the root route's 'app-ready' mark, once hydrated).
      const appReady = await page
        .waitForFunction(() => performance.getEntriesByName('app-ready')[0]?.startTime, undefined, { timeout: 30_000 })
        .then((handle) => handle.jsonValue() as Promise<number>)
      const heading = await page.getByRole('heading', { level: 1 }).first().innerText()
      await context.setOffline(true)
      await page.reload({ waitUntil: 'load' }).catch(() => undefined)
      const renders = await page
        .getByRole('heading', { level: 1 })
        .first()
        .waitFor({ timeout: 10_000 })
        .then(
          // The page itself (the app's error screen for a missing file has a heading too).
          async () => !page.url().startsWith('chrome-error:') && (await page.getByRole('heading', { level: 1 }).first().innerText()) === heading,
          () => false,
        )
        .then((shown) =>
          shown
            ? page
                .getByRole('status')
                .filter({ hasText: "You're offline." })
                .first()
                .waitFor({ timeout: 10_000 })
                .then(
                  () => true,
                  () => false,
                )
            : false,
        )
      if (renders) ok++
      ready.push(at)
      painted.push(fcp)
      started.push(appReady)
      console.log(
        `  ${pathname} run ${i + 1}: controlled at ${at} ms, painted at ${Math.round(fcp)} ms, loaded at ${Math.round(loaded)} ms, worker registered at ${Math.round(registered)} ms, app started at ${Math.round(appReady)} ms, offline reload ${renders ? 'works' : 'FAILS'}`,
      )
      await context.close()
    }
    console.log(
      `${pathname}: first visit → offline reload works: median ${median(ready)} ms (first paint ${Math.round(median(painted))} ms, app started ${Math.round(median(started))} ms); offline reload worked ${ok}/${RUNS}`,
    )
  }
} finally {
  await browser.close()
  proxy?.close()
  server.stop()
}
