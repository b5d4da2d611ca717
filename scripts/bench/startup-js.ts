// `npm run bench -- startup-js`: the JavaScript a first visit to each lead page fetches, gzipped at level 9
// as the build's .gz copies are, against issue 6's budget of 150 KB. A phone-size page with the service
// worker blocked (so the worker's precache does not count), every script response until the app runs
// and the network is then idle, third parties unreachable. Prints each page's total and its largest chunks.
import { gzipSync } from 'node:zlib'
import { startAppServer } from './lib/app-server'
import { launchBenchChromium } from './lib/bench-chromium'
import { touchOnceShown } from './lib/first-touch'

const PAGES = ['/', '/host', '/storee', '/storages?q=Toronto']
const BUDGET_KB = 150

const app = await startAppServer('startup-js')
const browser = await launchBenchChromium()
try {
  const kb = (n: number) => (n / 1024).toFixed(1)
  for (const page of PAGES) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' })
    // A visitor's touch as the page shows starts the app (until then a lead page fetches no script at all).
    await context.addInitScript(touchOnceShown)
    const tab = await context.newPage()
    const scripts = new Map<string, Promise<number>>()
    tab.on('response', (r) => {
      if (r.request().resourceType() !== 'script' || !r.url().startsWith(app.base)) return
      scripts.set(
        new URL(r.url()).pathname,
        r.body().then(
          (b) => gzipSync(b, { level: 9 }).length,
          () => 0,
        ),
      )
    })
    // The app is running (html[data-ready]), then nothing more is fetched for 500 ms.
    await tab.goto(app.base + page)
    await tab.waitForSelector('html[data-ready]', { state: 'attached' })
    await tab.waitForLoadState('networkidle')
    const sizes = await Promise.all([...scripts].map(async ([file, size]) => ({ file, size: await size })))
    const total = sizes.reduce((s, x) => s + x.size, 0)
    const largest = sizes
      .sort((a, b) => b.size - a.size)
      .slice(0, process.env.BENCH_STARTUP_ALL ? undefined : 5)
      .map((x) => `${x.file.replace(/^\/assets\//, '')} ${kb(x.size)}`)
      .join(', ')
    console.log(
      `${page.padEnd(20)} ${kb(total).padStart(6)} KB gzip in ${sizes.length} files (budget ${BUDGET_KB}: ${total / 1024 <= BUDGET_KB ? 'within' : 'over'}); largest: ${largest}`,
    )
    await context.close()
  }
} finally {
  await browser.close()
  app.stop()
}
