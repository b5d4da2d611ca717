// Firefox cancels a page's loads as soon as a navigation away starts. A page left while a route's code was
// still loading used to be reloaded by the router (it took the cancelled load for a missing chunk), and the
// reload replaced the user's navigation: they were taken back to the page they had left (src/lib/leaving-page.ts).
// Firefox ESR (puppeteer-core over BiDi, no network namespace, the service worker off so the route's code
// comes from the network), the app behind a proxy that holds the /faq route's chunk for 4 s.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import puppeteer, { type Browser } from 'puppeteer-core'
import { startApp, type RunningApp } from '../e2e/harness'
import { engineUnavailable, FIREFOX } from './engines'

const why = engineUnavailable('firefox')
const SLOW_CHUNK = /\/assets\/faq-[\w-]+\.js$/

let app: RunningApp
let proxy: http.Server
let browser: Browser
let base = ''
let held = 0
let released = 0

beforeAll(async () => {
  if (why) return
  app = await startApp()
  const target = new URL(app.baseUrl)
  proxy = http.createServer((req, res) => {
    const forward = () => {
      const upstream = http.request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(res)
      })
      upstream.on('error', () => res.destroy())
      req.pipe(upstream)
    }
    if (SLOW_CHUNK.test(req.url ?? '')) {
      held++
      setTimeout(() => (forward(), released++), 4000)
    } else forward()
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
  browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: true,
    protocol: 'webDriverBiDi',
    extraPrefsFirefox: { 'dom.serviceWorkers.enabled': false },
  })
}, 120_000)

afterAll(async () => {
  await browser?.close()
  proxy?.close()
  await app?.stop()
})

it.skipIf(why)('firefox: leaving a page while a route’s code loads lands on the page the user asked for', { timeout: 60_000 }, async () => {
  const page = await browser.newPage()
  await page.setViewport({ width: 390, height: 844 })
  await page.goto(`${base}/`)
  // A visitor's first touch starts the app (scripts/vite/start-after-paint.ts).
  await page.evaluate(() => dispatchEvent(new Event('scroll')))
  await page.waitForSelector('html[data-ready]')
  // A tap on the FAQ link: its route's code is on its way (held by the proxy)…
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/faq"]')!.click())
  for (const end = Date.now() + 10_000; held === 0 && Date.now() < end;) await new Promise((r) => setTimeout(r, 50))
  expect(held).toBe(1)
  // …and the user goes elsewhere before it arrives.
  const answer = await page.goto(`${base}/storages?q=Toronto`)
  expect(answer?.status()).toBe(200)
  await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'Find storage near you', { timeout: 15_000 })
  // Once the held chunk has gone out too, no reload has taken the user back.
  for (const end = Date.now() + 10_000; released === 0 && Date.now() < end;) await new Promise((r) => setTimeout(r, 50))
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe('/storages?q=Toronto')
  expect(await page.evaluate(() => document.querySelector('h1')?.textContent)).toBe('Find storage near you')
  await page.close()
})
