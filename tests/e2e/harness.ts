// Browser-test harness: starts the app the way `npm start` does (built PWA + API on a PGlite data dir of
// its own, a copy of the run's migrated and seeded one: global-setup.ts) and opens Debian's Chromium
// through playwright-core at phone and desktop sizes.
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { openDatabase, type Db } from '../../server/src/db/client'
import { migrateDatabase } from '../../server/src/db/migrate'
import { seedDemoData } from '../../server/src/seed/index'
import { startFakeSmtp, type ReceivedMail } from '../../server/test/fake-smtp'
import { freePort } from '../../scripts/bench/lib/free-port'
import { touchOnceShown } from '../../scripts/bench/lib/first-touch'
import { trackContext } from './axe-checks'
import { noteContext } from './failure-context'

export const ROOT = path.resolve(import.meta.dirname, '../..')

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const
export type ViewportName = keyof typeof VIEWPORTS

export const DEMO_PASSWORD = 'nookshare-demo'
/** For accounts a test signs up (the demo password is too guessable for a new account). */
export const NEW_USER_PASSWORD = 'violet kettle harbour'

export interface RunningApp {
  baseUrl: string
  dataDir: string
  /** What the server has logged (warnings and errors: LOG_LEVEL warn), for a failing test's message. */
  log(): string
  stop(): Promise<void>
}

/** `host`: the address the server listens on (tests/engines serves a browser in another network namespace). */
export async function startApp(env: Record<string, string> = {}, { host = '127.0.0.1' }: { host?: string } = {}): Promise<RunningApp> {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).')
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'nookshare-e2e-'))
  if (!env.DATA_DIR) copySeeded(dataDir)
  // The port is free when asked for, but another process can take it before the server listens (the kernel
  // hands the same ephemeral range to outgoing connections, and the suite makes many): start again on another.
  for (let attempt = 1; ; attempt++) {
    const started = await startServer(await freePort(), host, dataDir, env)
    if ('baseUrl' in started) return started
    if (!started.portTaken || attempt === 3) throw new Error(`server exited early:\n${started.output}`)
  }
}

async function startServer(
  port: number,
  host: string,
  dataDir: string,
  env: Record<string, string>,
): Promise<RunningApp | { output: string; portTaken: boolean }> {
  let output = ''
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: host, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PLUGIN_TIMEOUT_MS: '120000', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d) => (output += d))
  child.stderr?.on('data', (d) => (output += d))
  const baseUrl = `http://${host}:${port}`
  // A first start migrates and seeds the demo data: on a busy 2-core machine that can take most of a minute.
  const deadline = Date.now() + 110_000
  for (;;) {
    if (child.exitCode !== null) return { output, portTaken: output.includes('EADDRINUSE') }
    try {
      const res = await fetch(`${baseUrl}/api/health`)
      if (res.ok) break
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`)
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    baseUrl,
    dataDir,
    log: () => output,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
        if (child.exitCode === null) child.kill('SIGKILL')
      }
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Starts `dataDir` as a copy of the run's migrated and seeded data (outside the e2e project: empty, the server seeds it). */
function copySeeded(dataDir: string) {
  const seeded = inject('seededDataDir')
  if (seeded) cpSync(seeded, dataDir, { recursive: true })
}

/**
 * The app on data written before it starts (PGlite has one owner, so nothing writes beside the server):
 * migrated, the demo data, then what `fill` adds. `stop()` removes the data too.
 */
export async function startAppWithData(fill: (db: Db) => Promise<void>): Promise<RunningApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nookshare-e2e-data-'))
  copySeeded(dataDir)
  const database = await openDatabase({ dataDir })
  try {
    await migrateDatabase(database)
    await seedDemoData(database.db)
    await fill(database.db)
  } finally {
    await database.close()
  }
  const app = await startApp({ DATA_DIR: dataDir, SEED_DEMO: 'never' })
  return {
    ...app,
    dataDir,
    async stop() {
      await app.stop()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  })
}

export async function newContext(
  browser: Browser,
  name: ViewportName,
  opts: Parameters<Browser['newContext']>[0] = {},
  /** A visitor's page that nobody has touched: the app does not start (scripts/bench/lib/first-touch.ts). */
  { untouched = false }: { untouched?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[name],
    isMobile: name === 'phone',
    hasTouch: name === 'phone',
    deviceScaleFactor: 1,
    ...opts,
  })
  context.setDefaultTimeout(15_000)
  noteContext(context) // described if a test fails while it is open (failure-context.ts)
  // Third-party scripts (Stripe, map tiles) are never reachable here: fail them fast instead of hanging.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (route) => route.abort('internetdisconnected'))
  if (opts.javaScriptEnabled !== false && !untouched) {
    await context.addInitScript(touchOnceShown)
    context.on('page', waitForAppOnLoad)
  }
  // Every page the test visits is checked with axe-core (axe-checks.ts); not with scripts off (axe runs in the page).
  trackContext(context, opts.viewport ?? VIEWPORTS[name], { scripts: opts.javaScriptEnabled !== false })
  return context
}

/**
 * A page rendered on the server shows before the app runs (a visitor's starts at their first touch, which
 * the context makes as each page shows). Tests act once the page is the app's: goto and reload wait for
 * it (<html data-ready>); a page the app never starts on (the browser's own offline page) goes on after a
 * while.
 */
function waitForAppOnLoad(page: Page) {
  const ready = () =>
    page.waitForSelector('html[data-ready]', { timeout: 10_000 }).then(
      () => undefined,
      () => undefined,
    )
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (...args) => {
    const response = await goto(...args)
    await ready()
    return response
  }
  page.reload = async (...args) => {
    const response = await reload(...args)
    await ready()
    return response
  }
}

/** A context signed in once (the token is put in before the first page only, so logging out sticks). */
export async function signedInOnce(b: Browser, size: ViewportName, token: string): Promise<BrowserContext> {
  const context = await newContext(b, size)
  await context.addInitScript((t) => {
    if (sessionStorage.getItem('seeded')) return
    sessionStorage.setItem('seeded', '1')
    localStorage.setItem('token', t)
  }, token)
  return context
}

/** Signs in through the API and returns the token (fast setup for tests that are not about login). */
export async function apiLogin(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (!res.ok) throw new Error(`login failed: ${res.status}`)
  return ((await res.json()) as { token: string }).token
}

/** A JSON call to the shared app's API as the token's user; anything but 2xx throws with the answer. */
export async function apiCall<T = any>(path: string, token: string | null, method = 'GET', json?: unknown): Promise<T> {
  const res = await fetch(`${app.baseUrl}/api/${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return (await res.json()) as T
}

let adminToken: Promise<string> | undefined
/** A user's id by email; looking a user up by email is for admins only, so it asks as the demo admin. */
export async function userIdOf(email: string): Promise<string> {
  adminToken ??= apiLogin(app.baseUrl, 'admin@nookshare.test')
  return (await apiCall<{ userId: string }>(`users/find-by-email/${encodeURIComponent(email)}`, await adminToken)).userId
}

let n = 0
export const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${n++}@example.com`
/** A unique word of letters only, for text others read (a long run of digits reads as a phone number and is refused). */
export const uniqueWord = () => `${Date.now()}${n++}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)

export async function screenshot(page: import('playwright-core').Page, name: string) {
  const dir = path.join(ROOT, 'tests', 'screenshots')
  mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: false })
}

/** The app and browser a test file shares (live bindings, set by useSharedApp before the first test). */
export let app: RunningApp
export let browser: Browser

/**
 * Starts the app and Chromium once for the calling test file and closes both after its last test. The
 * emails go to a local SMTP server (unless the file brings its own), so verifyEmail can open links;
 * `{ outbox: true }` keeps them in the admin outbox instead, for a file that reads them there.
 */
export function useSharedApp(env: Record<string, string> = {}, { outbox = false }: { outbox?: boolean } = {}) {
  let smtp: Awaited<ReturnType<typeof startFakeSmtp>> | undefined
  beforeAll(async () => {
    if (!env.SMTP_URL && !outbox) smtp = await startFakeSmtp()
    sharedMails = smtp?.mails ?? []
    app = await startApp(smtp ? { SMTP_URL: smtp.url, ...env } : env)
    browser = await launchBrowser()
  })
  afterAll(async () => {
    await browser?.close()
    await app?.stop()
    await smtp?.close()
  })
}

let sharedMails: ReceivedMail[] = []

/**
 * Verifies a new account's email the way its owner does: the link emailed at sign-up (read from the shared
 * app's SMTP server) is opened. Booking requests and published listings need it.
 */
export async function verifyEmail(token: string) {
  const me = await apiCall<{ email: string; emailVerified: boolean }>('user-profile', token)
  if (me.emailVerified) return
  const mail = await mailTo(me.email, '/verify-email?token=')
  const linkToken = /\/verify-email\?token=([\w-]+)/.exec(mail)?.[1]
  if (!linkToken) throw new Error(`no verification link in the email to ${me.email}`)
  const res = await fetch(`${app.baseUrl}/api/auth/verify-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: linkToken }),
  })
  if (!res.ok) throw new Error(`verify-email: ${res.status} ${await res.text()}`)
}

const quotedPrintable = (s: string) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** The newest email the shared app's SMTP server received for `to` containing `text`, decoded; waits up to 20 s. */
export async function mailTo(to: string, text: string): Promise<string> {
  for (let i = 0; i < 400; i++) {
    const mail = sharedMails.findLast((m) => m.to.includes(to) && quotedPrintable(m.data).includes(text))
    if (mail) return quotedPrintable(mail.data)
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`no email to ${to} containing ${text} (${sharedMails.length} received); the server logged:\n${app.log().slice(-4000)}`)
}

/** A new account made through the API (in the shared app), its email verified as its owner would: its email and token. */
export async function signUpVerified(tag: string, firstName: string, lastName = 'Tester'): Promise<{ email: string; token: string }> {
  const email = uniqueEmail(tag)
  const res = await fetch(`${app.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName, lastName, email, password: NEW_USER_PASSWORD }),
  })
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`)
  const { token } = (await res.json()) as { token: string }
  await verifyEmail(token)
  return { email, token }
}

/**
 * A host finishes the payments sandbox's setup through the API (its own screens are tested in
 * payments.test.ts), so their bookings can be accepted and paid. One place: the bank fields follow the country.
 */
export async function sandboxPaymentSetup(token: string, firstName: string) {
  const post = async (path: string, json: unknown) => {
    const res = await fetch(`${app.baseUrl}/api/${path}`, {
      method: path === 'user-profile' ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    return (await res.json()) as { _id: string; email: string }
  }
  const me = await post('user-profile', undefined)
  await post('stripe-embedded-onboarding', { email: me.email, userId: me._id })
  await post('stripe-sandbox/complete-onboarding', { country: 'US', firstName, lastName: 'Host', routingNumber: '110000000', accountNumber: '000123456789' })
}
