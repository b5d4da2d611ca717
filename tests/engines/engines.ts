// The two engines the journey runs in, behind one small interface: WebKitGTK (MiniBrowser under
// WebKitWebDriver, classic WebDriver over HTTP, under xvfb) and Firefox ESR (puppeteer-core over
// WebDriver BiDi). Both run inside the namespace of tests/engines/netns.ts. Console errors: WebKit's
// MiniBrowser writes console messages to its stdout (enable-write-console-messages-to-stdout); Firefox's
// come over BiDi, and CSP violations from a listener added before any page script.
import { execFileSync, type ChildProcess } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createProfile, Browser as BrowserKind } from '@puppeteer/browsers'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import { killTree, which, type Netns } from './netns'
import { freePort } from '../../scripts/bench/lib/free-port'

export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver'
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser'
export const FIREFOX = '/usr/bin/firefox-esr'
/**
 * Firefox's reports of a load cut off by the navigation away: one its service worker answered and that then
 * failed (its InterceptionFailedWithURL), or an answer's body whose stream the navigation closed midway.
 * Set apart only while the page they came from is still the one being left (see `leaving` below).
 */
export const LEFT_BEHIND =
  /Failed to load ‘[^’]+’\. A ServiceWorker intercepted the request and encountered an unexpected error\.|Failed to read data from the ReadableStream: “TypeError: Error in input stream”/

export interface Engine {
  name: string
  version: string
  /** The window's inner width and height once sized for a phone (WebKit's toolbar may keep it wider). */
  viewport: { width: number; height: number }
  goto(url: string): Promise<void>
  /** Runs `body` (a function's source, called with args) in the page and returns its (awaited) value. */
  run<T>(body: string, ...args: unknown[]): Promise<T>
  click(selector: string): Promise<void>
  type(selector: string, text: string): Promise<void>
  /** Presses (touch where the engine can, else the mouse) at a point for `ms`, then lifts. */
  longPress(x: number, y: number, ms: number): Promise<void>
  url(): Promise<string>
  /** A PNG of the window (saved by the journey for people to look at). */
  screenshot(file: string): Promise<void>
  /** Console errors, uncaught errors and CSP violations so far. */
  consoleErrors(): Promise<string[]>
  /**
   * Loads the engine reported as failed because the page was left while they were on their way (not in
   * consoleErrors): only Firefox says so, for a load its worker was still answering (`leftBehind` below).
   */
  leftBehind(): Promise<string[]>
  close(): Promise<void>
}

export function engineUnavailable(name: 'webkit' | 'firefox'): string | undefined {
  if (name === 'webkit') {
    if (!which(WEBKIT_DRIVER)) return `${WEBKIT_DRIVER} is missing (apt-get install webkit2gtk-driver)`
    if (!which(MINIBROWSER)) return `${MINIBROWSER} is missing (apt-get install webkit2gtk-driver)`
    if (!which('/usr/bin/xvfb-run')) return 'xvfb-run is missing (apt-get install xvfb)'
  } else if (!which(FIREFOX)) return `${FIREFOX} is missing (apt-get install firefox-esr)`
  return undefined
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits until the driver answers on its port (through the namespace's forwarder). */
async function waitForHttp(url: string, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs
  for (;;) {
    try {
      await fetch(url)
      return
    } catch {
      if (Date.now() > end) throw new Error(`${url} did not answer`)
      await sleep(200)
    }
  }
}

// ---------------------------------------------------------------- WebKitGTK (classic WebDriver)

const TOOLBAR_CSS = `
toolbar, toolbar *, .toolbar, .toolbar *, headerbar, headerbar *, entry, button, toolbutton, toolitem {
  min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px;
}
image { min-width: 0; min-height: 0; }
`
/**
 * WebKitGTK's WebDriver has no console log and MiniBrowser's automation windows do not write console
 * messages to stdout: a collector put into each page once it has loaded (console.error, uncaught errors,
 * rejected promises) and, through ReportingObserver's buffer, the CSP violations from before it came.
 * Console errors logged while a page loads, before the collector, are not seen in WebKit.
 */
const COLLECTOR = `() => {
  if (window.__engineErrors) return
  const errors = (window.__engineErrors = [])
  const original = console.error.bind(console)
  console.error = (...args) => {
    errors.push('console.error: ' + args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '))
    original(...args)
  }
  addEventListener('error', (e) => errors.push('page error: ' + e.message))
  addEventListener('unhandledrejection', (e) => errors.push('unhandled rejection: ' + String(e.reason)))
  document.addEventListener('securitypolicyviolation', (e) => errors.push('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))
  if (typeof ReportingObserver === 'function')
    new ReportingObserver((reports) => reports.forEach((r) => errors.push('CSP violation (report): ' + JSON.stringify(r.body))), { types: ['csp-violation'], buffered: true }).observe()
}`
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf'

export async function launchWebKit(ns: Netns, size: { width: number; height: number }): Promise<Engine> {
  const port = await freePort()
  let stdout = ''
  // MiniBrowser's toolbar keeps its window at least ~447 px wide: GTK CSS that lets it shrink to a phone's.
  const config = mkdtempSync(path.join(os.tmpdir(), 'nookshare-webkit-'))
  mkdirSync(path.join(config, 'gtk-3.0'))
  writeFileSync(path.join(config, 'gtk-3.0', 'gtk.css'), TOOLBAR_CSS)
  // Its console messages go to stdout, which C buffers when it is a pipe: line by line, so each is seen at once.
  const binary = path.join(config, 'minibrowser')
  writeFileSync(binary, `#!/bin/sh\nexec stdbuf -oL -eL ${MINIBROWSER} "$@"\n`, { mode: 0o755 })
  const driver: ChildProcess = ns.spawn('xvfb-run', ['-a', '-s', '-screen 0 1280x1024x24', WEBKIT_DRIVER, `--port=${port}`], { XDG_CONFIG_HOME: config })
  driver.stdout!.on('data', (d: Buffer) => (stdout += d.toString()))
  driver.stderr!.on('data', (d: Buffer) => (stdout += d.toString()))
  await ns.exposeDriver(port)
  const base = `http://${ns.nsIp}:${port}`
  await waitForHttp(`${base}/status`)
  const call = async <T>(method: string, pathname: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${pathname}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const json = (await res.json()) as { value: T & { error?: string; message?: string } }
    if (!res.ok) throw new Error(`WebDriver ${method} ${pathname}: ${json.value?.error} ${json.value?.message}`)
    return json.value
  }
  const session = await call<{ sessionId: string; capabilities: Record<string, unknown> }>('POST', '/session', {
    capabilities: {
      alwaysMatch: {
        'webkitgtk:browserOptions': { binary, args: ['--automation', '--enable-write-console-messages-to-stdout=true'] },
      },
    },
  })
  const s = `/session/${session.sessionId}`
  const version = `WebKitGTK ${String(session.capabilities.browserVersion)}`
  await call('POST', `${s}/window/rect`, { width: size.width, height: size.height + 60 })
  const run = async <T>(body: string, ...args: unknown[]) =>
    call<T>('POST', `${s}/execute/async`, {
      script: `const done = arguments[arguments.length - 1]; Promise.resolve((${body})(...Array.from(arguments).slice(0, -1))).then(done, (e) => done({ __error: String(e && e.stack || e) }))`,
      args,
    }).then((value) => {
      if (value && typeof value === 'object' && '__error' in value) throw new Error(String((value as { __error: string }).__error))
      return value
    })
  const find = async (selector: string) => {
    const found = await call<Record<string, string>>('POST', `${s}/element`, { using: 'css selector', value: selector })
    if (process.env.DEBUG_ENGINES) console.log('find', selector, JSON.stringify(found))
    return found[ELEMENT]!
  }
  /** What the page's collector saw, taken before the page goes (a navigation) or when asked. */
  const collected: string[] = []
  const harvest = async () => {
    collected.push(...(await run<string[]>(`() => (window.__engineErrors || []).splice(0)`).catch(() => [] as string[])))
  }
  let viewport = await run<{ width: number; height: number }>('() => ({ width: innerWidth, height: innerHeight })')
  // The window's frame and toolbar: sized again so the page itself gets the phone's height.
  if (viewport.height !== size.height) {
    await call('POST', `${s}/window/rect`, { width: size.width, height: size.height + 60 + size.height - viewport.height })
    viewport = await run<{ width: number; height: number }>('() => ({ width: innerWidth, height: innerHeight })')
  }
  return {
    name: 'WebKitGTK',
    version,
    viewport,
    async goto(url) {
      await harvest()
      await call('POST', `${s}/url`, { url })
      await run(COLLECTOR).catch(() => undefined)
    },
    run,
    async click(selector) {
      await call('POST', `${s}/element/${await find(selector)}/click`, {})
    },
    async type(selector, text) {
      await call('POST', `${s}/element/${await find(selector)}/value`, { text })
    },
    async longPress(x, y, ms) {
      // WebKitGTK's WebDriver has no touch input: a held mouse button (the app's long-press takes either).
      await call('POST', `${s}/actions`, {
        actions: [
          {
            type: 'pointer',
            id: 'finger',
            parameters: { pointerType: 'mouse' },
            actions: [
              { type: 'pointerMove', x: Math.round(x), y: Math.round(y), duration: 0 },
              { type: 'pointerDown', button: 0 },
              { type: 'pause', duration: ms },
              { type: 'pointerUp', button: 0 },
            ],
          },
        ],
      })
    },
    url: () => call<string>('GET', `${s}/url`),
    async screenshot(file) {
      writeFileSync(file, Buffer.from(await call<string>('GET', `${s}/screenshot`), 'base64'))
    },
    async consoleErrors() {
      await harvest()
      const written = stdout
        .split('\n')
        .filter((line) => /^CONSOLE\b.*\bERROR\b/.test(line) || /Content Security Policy|Refused to/.test(line))
        .map((line) => line.trim())
      return [...written, ...collected]
    },
    leftBehind: async () => [],
    async close() {
      await call('DELETE', s).catch(() => undefined)
      if (process.env.DEBUG_ENGINES) console.log(stdout)
      if (driver.pid) killTree(driver.pid)
      rmSync(config, { recursive: true, force: true })
    },
  }
}

// ---------------------------------------------------------------- Firefox ESR (WebDriver BiDi)

export function firefoxVersion() {
  return execFileSync(FIREFOX, ['--version']).toString().trim()
}

export async function launchFirefox(ns: Netns, size: { width: number; height: number }): Promise<Engine> {
  const port = await freePort()
  const profile = mkdtempSync(path.join(os.tmpdir(), 'nookshare-firefox-'))
  await createProfile(BrowserKind.FIREFOX, {
    path: profile,
    preferences: {
      // navigator.onLine follows the machine's network (here: the namespace's default route).
      'network.manage-offline-status': true,
      'browser.sessionstore.resume_from_crash': false,
    },
  })
  const child = ns.spawn(FIREFOX, [
    '--headless',
    '--no-remote',
    '--profile',
    profile,
    `--remote-debugging-port=${port}`,
    `--remote-allow-hosts=${ns.nsIp},127.0.0.1`,
    'about:blank',
  ])
  let output = ''
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()))
  await ns.exposeDriver(port)
  const end = Date.now() + 60_000
  while (!output.includes('WebDriver BiDi listening')) {
    if (Date.now() > end || child.exitCode !== null) throw new Error(`Firefox did not start:\n${output}`)
    await sleep(100)
  }
  if (process.env.DEBUG_ENGINES) console.log(output)
  const browser: Browser = await puppeteer.connect({
    browserWSEndpoint: `ws://${ns.nsIp}:${port}/session`,
    protocol: 'webDriverBiDi',
    headers: { host: `127.0.0.1:${port}` },
  })
  const page: Page = (await browser.pages())[0] ?? (await browser.newPage())
  await page.setViewport({ width: size.width, height: size.height, hasTouch: true, isMobile: true }).catch(() => page.setViewport(size))
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() !== 'error') return
    // Its arguments as values (an object logged shows what it holds, not "JSHandle@object").
    const at = errors.push(`console.error: ${m.text()}`) - 1
    void Promise.all(m.args().map((a) => a.jsonValue().catch(() => String(a)))).then(
      (values) => (errors[at] = `console.error: ${values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(' ')}`),
    )
  })
  const leftBehind: string[] = []
  /** The page a goto is leaving, until the next one has loaded. */
  let leaving: string | undefined
  page.on('pageerror', (e) => {
    const text = `page error: ${String(e)}`
    // Firefox can report a load its worker was answering when the page went away as failed, in that page
    // ("Failed to load ‘…’. A ServiceWorker intercepted the request and encountered an unexpected error":
    // copying the worker's answer into a request the navigation cancelled failed). Seen for a lazy chunk
    // the listing page was fetching when the journey opened /map. Only such a report, while the page it
    // names is still the one being left, is set apart; the same report at any other time is an error.
    if (leaving !== undefined && page.url() === leaving && LEFT_BEHIND.test(text)) leftBehind.push(text)
    else errors.push(text)
  })
  if (process.env.DEBUG_ENGINES) page.on('requestfailed', (r) => console.log(`[engines] request failed: ${r.method()} ${r.url()} ${r.failure()?.errorText}`))
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`))
  })
  const version = `Firefox ${await browser.version()}`
  const viewport = await page.evaluate(() => ({ width: innerWidth, height: innerHeight }))
  return {
    name: 'Firefox ESR',
    version,
    viewport,
    async goto(url) {
      leaving = page.url()
      await page
        .goto(url, { waitUntil: 'load' })
        .catch((err: Error) => {
          // Offline, a navigation the worker answers still loads; a network error page is for the caller to see.
          if (!/NS_ERROR|net::/.test(err.message)) throw err
        })
        .finally(() => (leaving = undefined))
    },
    run: <T>(body: string, ...args: unknown[]) => page.evaluate(`(${body})(...${JSON.stringify(args)})`) as Promise<T>,
    async click(selector) {
      await page.click(selector)
    },
    async type(selector, text) {
      await page.type(selector, text)
    },
    async longPress(x, y, ms) {
      await page.touchscreen.touchStart(x, y)
      await sleep(ms)
      await page.touchscreen.touchEnd()
    },
    url: async () => page.url(),
    async screenshot(file) {
      await page.screenshot({ path: file as `${string}.png` })
    },
    consoleErrors: async () => errors.slice(),
    leftBehind: async () => leftBehind.slice(),
    async close() {
      await browser.close().catch(() => undefined)
      if (child.pid) killTree(child.pid)
      rmSync(profile, { recursive: true, force: true })
    },
  }
}
