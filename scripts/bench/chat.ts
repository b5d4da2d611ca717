// Chat benchmark (`npm run bench -- chat`): what a long conversation costs a phone and the server, on
// PostgreSQL and on PGlite, for conversations of BENCH_CHAT_SIZES messages (default 5000,20000; 2000 is
// a useful small one). Every figure is taken on a simulated phone: Debian's Chromium through
// playwright-core, 390×844, isMobile, hasTouch, a 4× CPU slowdown (CDP Emulation.setCPUThrottlingRate;
// BENCH_CHAT_PHONE=low calibrates it to the low-tier phone instead, as the lighthouse bench does)
// and a 150 ms, 1.6 Mbps down, 750 kbps up link. The link is a shaping TCP proxy (lib/phone-link.ts), not
// CDP Network.emulateNetworkConditions: the app's API calls go through its service worker, and CDP
// emulation (of the page or of the worker target) does not slow those down in this Chromium; the list
// row's notes carry a check (the list fetched once through the worker, against the time the link allows).
// 1. open → latest shows: the user has used the app before (one visit to /messages in the same browser
//    context first: service worker installed, HTTP cache warm; then /profile), then goes to
//    /messages?chat=<other>; the time from navigation start (performance.now() in the page) until the
//    newest message's text is on screen (a [data-testid=message] holding it, inside the viewport),
//    checked every POLL_MS. Capped at 120 s.
// 2. elements in the page and 3. JS heap (CDP Runtime.getHeapUsage after HeapProfiler.collectGarbage),
//    once the latest shows (or at the cap).
// 4. one new message: with the chat open and settled, the other user sends a message through the API;
//    the bytes on the wire (CDP encodedDataLength: headers and body as sent) of every /api/ answer the
//    page got from the send until the message shows, plus one more chat poll cycle (3.5 s).
// 5. a list of 500 conversations: another user, warm visit first, then /messages until the list shows
//    a conversation and its count reads 500 (once per database, shown on every row).
// 6. the server alone, a page of history at 50 pollers: 50 phones with the chat open, each polling it
//    every 3 s as the app does (`after` the newest seq, with its ETag) and, between two polls, scrolling
//    up one page (GET /api/messages/<other>?before=<random seq>&limit=50, no ETag: a real read), for
//    BENCH_POLLER_SECONDS (30) s after a warm-up: about 500 pages, so the p99 is not one slow answer out of
//    170 as in 10 s; p50 and p99 of the pages (lib/history-load.ts pacedPollers).
// 7. the server flat out: 50 keep-alive connections (no pipelining) asking for such pages back to back
//    for BENCH_SECONDS; answers/s and p99 (queueing behind 49 others included). Code that ignores the
//    cursor answers the whole history in both.
// Each server runs in its own process as `npm start` runs it (PostgreSQL: a throwaway database on
// BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres, dropped at the end, and a
// worker per core; PGlite: a temporary DATA_DIR, seeded before the server opens it). Data is seeded with
// SQL (lib/chat-data.ts). BENCH_CHAT_DATABASES=postgres,pglite chooses the databases.
// scripts/bench/chat-before.json, when present, holds the figures of the code before the change; each
// measured row is printed beside its "before" row. BENCH_CHAT_WRITE_BEFORE=1 writes this run's rows into
// that file (merged by database and size) instead.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core'
import { openDatabase, type Database } from '../../server/src/db/client'
import { migrateDatabase } from '../../server/src/db/migrate'
import { benchmarkIndexIn, PHONES, slowdownFor, type Tier } from './lib/benchmark-index'
import { seedChat, seedConversationList, type ChatFixture, type ListFixture } from './lib/chat-data'
import { loadLighthouse } from './lib/lighthouse-loader'
import { freePort } from './lib/free-port'
import { historyLoad, pacedPollers } from './lib/history-load'
import { startPhoneLink } from './lib/phone-link'
import { watchServiceWorkers, type WorkerNetwork } from './lib/worker-network'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const BEFORE_FILE = path.join(ROOT, 'scripts/bench/chat-before.json')
const SIZES = (process.env.BENCH_CHAT_SIZES ?? '5000,20000').split(',').map(Number).filter(Boolean)
const DATABASES = (process.env.BENCH_CHAT_DATABASES ?? 'postgres,pglite').split(',').filter((d): d is Kind => d === 'postgres' || d === 'pglite')
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const POLLER_SECONDS = Number(process.env.BENCH_POLLER_SECONDS ?? 30)
const WRITE_BEFORE = process.env.BENCH_CHAT_WRITE_BEFORE === '1'
/** BENCH_CHAT_TRACE=1 prints where an opening's time went (navigation, paints, scripts, API calls). */
const TRACE = process.env.BENCH_CHAT_TRACE === '1'
/**
 * BENCH_CHAT_PHONE=low (or mid): the CPU slowed to that reference phone, calibrated as the lighthouse bench
 * does (this machine's benchmarkIndex, median of 3, measured before each phone ÷ the phone's; issue 45).
 * Unset: a fixed 4×, the figures of chat-before.json.
 */
const PHONE_TIER = process.env.BENCH_CHAT_PHONE as Tier | undefined
if (PHONE_TIER !== undefined && !(PHONE_TIER in PHONES)) throw new Error(`BENCH_CHAT_PHONE: ${PHONE_TIER} is not one of ${Object.keys(PHONES).join(', ')}`)
const slowdowns: number[] = []
const LIST_SIZE = 500
const CAP_MS = 120_000
const POLL_MS = 100
/** One chat poll cycle (CHAT_POLL_MS is 3 s) and a little. */
const AFTER_SHOWN_MS = 3_500
const CONNECTIONS = 50
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 }
const NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 }
const CHROME_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update']

type Kind = 'postgres' | 'pglite'

interface Row {
  database: Kind
  size: number
  /** null: the newest message never showed within the cap. */
  openMs: number | null
  elements: number | null
  heapMB: number | null
  newMessageBytes: number | null
  /** null: the new message never showed within the cap (bytes are then what came until the cap). */
  newMessageMs: number | null
  listMs: number | null
  /** Flat out (closed loop). */
  p50: number | null
  p99: number | null
  perSecond: number | null
  /** At 50 pollers (open loop, the app's pace); absent in rows measured before this figure existed. */
  pagedP50?: number | null
  pagedP99?: number | null
  /** What went wrong or is worth knowing about this row. */
  notes: string[]
}

interface BeforeFile {
  measuredAt: string
  commit: string
  rows: Row[]
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
const dbName = `nookshare_chat_bench_${randomBytes(4).toString('hex')}`
const tempDirs: string[] = []
let admin: pg.Client | undefined
let createdDb = false
let server: ChildProcess | undefined
let browser: Browser | undefined

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** The promise, or undefined after ms (the promise is left to settle on its own). */
async function within<T>(ms: number, p: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined
  const result = await Promise.race([p, new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), ms)))])
  clearTimeout(timer)
  return result
}

async function stopServer() {
  const child = server
  server = undefined
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child.once('exit', r))
    child.kill('SIGTERM')
    if (
      !(await within(
        10_000,
        exited.then(() => true),
      ))
    )
      child.kill('SIGKILL')
  }
}

let cleanedUp = false
async function cleanup() {
  if (cleanedUp) return
  cleanedUp = true
  await within(10_000, browser?.close() ?? Promise.resolve())
  await stopServer()
  if (admin) {
    if (createdDb) await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {})
    await admin.end().catch(() => {})
  }
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true })
}
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)))

async function startServer(env: Record<string, string>) {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/src/server.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: 'never', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  server = child
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error('the server exited while starting')
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { port, base }
    } catch {
      /* starting */
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 60 s')
    await sleep(200)
  }
}

const serverAlive = () => server !== undefined && server.exitCode === null && server.signalCode === null

/** The CPU slowdown of the next phone: 4×, or calibrated to BENCH_CHAT_PHONE. */
async function cpuSlowdown(): Promise<number> {
  if (!PHONE_TIER) return 4
  const { computeBenchmarkIndex } = await loadLighthouse()
  const page = await browser!.newPage()
  const index = await benchmarkIndexIn(page, computeBenchmarkIndex)
  await page.close()
  const rate = slowdownFor(index, PHONES[PHONE_TIER].index)
  slowdowns.push(rate)
  return rate
}

/** A phone: its own browser context (fresh service worker and cache), signed in as the user. */
async function phone(base: string, token: string): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; workers: WorkerNetwork }> {
  const link = await startPhoneLink(Number(new URL(base).port), NETWORK)
  const context = await browser!.newContext({ ...PHONE, baseURL: `http://127.0.0.1:${link.port}` })
  context.setDefaultTimeout(CAP_MS)
  await context.addInitScript((t) => localStorage.setItem('token', t), token)
  if (TRACE)
    await context.addInitScript(() => {
      const w = window as unknown as { longTasks: string[] }
      w.longTasks = []
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.longTasks.push(`long task ${e.startTime.toFixed(0)} → ${(e.startTime + e.duration).toFixed(0)} ms`)
      }).observe({ type: 'longtask', buffered: true })
    })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: await cpuSlowdown() })
  const workers = await watchServiceWorkers(browser!, cdp)
  context.once('close', () => void workers.close().then(() => link.close()))
  return { context, page, cdp, workers }
}

/** The visit before: /messages until its list shows and a service worker controls the page, then /profile. */
async function warmVisit(page: Page, notes: string[]) {
  await page.goto('/messages', { waitUntil: 'load', timeout: CAP_MS })
  await page.waitForSelector('[data-testid="conversation-count"]', { timeout: CAP_MS }).catch(() => notes.push('warm visit: no list'))
  // The worker installed and active (with its precache): the next navigations are served by it. A page
  // opened before the worker existed is not controlled by it until it navigates, so ask the registration.
  // (Not page.waitForFunction: it takes an async predicate's promise for a truthy answer at once, which
  // let the measured visit start while the worker was still installing its precache.)
  const activated = async () => {
    for (const end = Date.now() + 60_000; Date.now() < end; await sleep(500))
      if (await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated')) return true
    return false
  }
  if (!(await activated())) notes.push('warm visit: no service worker')
  await page.goto('/profile', { waitUntil: 'load', timeout: CAP_MS })
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) notes.push('warm visit: /profile not controlled by the service worker')
  await sleep(1_000)
}

/** The page's own timeline since navigation start: the document, first paint, each script and API answer. */
async function printTimeline(page: Page, label: string) {
  const lines = await page.evaluate(() => {
    const out: string[] = []
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    if (nav) out.push(`document ${nav.responseEnd.toFixed(0)} ms, interactive ${nav.domInteractive.toFixed(0)} ms`)
    for (const p of performance.getEntriesByType('paint')) out.push(`${p.name} ${p.startTime.toFixed(0)} ms`)
    for (const m of performance.getEntriesByType('mark')) out.push(`mark ${m.name} ${m.startTime.toFixed(0)} ms`)
    out.push(...((window as unknown as { longTasks?: string[] }).longTasks ?? []))
    for (const r of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
      if (!/\/api\/|\.js$/.test(r.name)) continue
      out.push(
        `${r.startTime.toFixed(0)} → ${r.responseEnd.toFixed(0)} ms ${new URL(r.name).pathname.replace(/[0-9a-f-]{36}/g, ':id')}${r.transferSize ? ` ${(r.transferSize / 1024).toFixed(1)} KB` : ''}`,
      )
    }
    return out
  })
  console.log(`  timeline, ${label}:\n    ${lines.join('\n    ')}`)
}

async function startProfile(cdp: CDPSession) {
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 })
  await cdp.send('Profiler.start')
}

/** The functions the page spent most of its own time in (a CPU profile's self time), for a trace. */
function printProfile(profile: {
  nodes: { id: number; hitCount?: number; callFrame: { functionName: string; url: string; lineNumber: number } }[]
  samples?: number[]
  timeDeltas?: number[]
}) {
  const selfUs = new Map<number, number>()
  profile.samples?.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas?.[i] ?? 0)))
  const byFrame = new Map<string, number>()
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame
    const key = `${functionName || '(anonymous)'} ${url ? `${url.split('/').pop()}:${lineNumber + 1}` : ''}`
    byFrame.set(key, (byFrame.get(key) ?? 0) + (selfUs.get(node.id) ?? 0))
  }
  const top = [...byFrame].sort((a, b) => b[1] - a[1]).slice(0, 25)
  console.log(`  self time (ms):\n    ${top.map(([k, us]) => `${(us / 1000).toFixed(0).padStart(5)} ${k}`).join('\n    ')}`)
}

/** performance.now() (ms since navigation start) when an element with the text is on screen; null past the cap. */
async function whenShown(page: Page, text: string, timeout: number): Promise<number | null> {
  if (timeout <= 0) return null
  const handle = await page
    .waitForFunction(
      (wanted) => {
        const all = document.querySelectorAll('[data-testid="message"]')
        // The newest line is at one end of the list: look at the ends only (cheap on a page of 100,000 elements).
        const ends = [...Array.from({ length: Math.min(20, all.length) }, (_, i) => all[all.length - 1 - i]), ...Array.from(all).slice(0, 20)]
        for (const el of ends) {
          if (!el?.textContent?.includes(wanted)) continue
          const r = el.getBoundingClientRect()
          if (r.height > 0 && r.bottom > 0 && r.top < window.innerHeight) return performance.now()
        }
        return 0
      },
      text,
      { timeout, polling: POLL_MS },
    )
    .catch(() => undefined)
  return handle ? ((await handle.jsonValue()) as number) : null
}

/**
 * Bytes received per /api/ request, with the time each answer ended: the page's own requests, and its
 * service worker's (the calls the worker passes on; the page's copies of those are not the wire).
 */
function wireLog(cdp: CDPSession, workers: WorkerNetwork) {
  const urls = new Map<string, string>()
  const statuses = new Map<string, number>()
  const viaWorker = new Set<string>()
  const bytes = new Map<string, { bytes: number; at: number }>()
  const seen = (key: string, n: number) => bytes.set(key, { bytes: Math.max(bytes.get(key)?.bytes ?? 0, n), at: Date.now() })
  const record = (source: string, method: string, e: Record<string, unknown>) => {
    const key = `${source} ${String(e.requestId)}`
    if (method === 'Network.requestWillBeSent') urls.set(key, (e.request as { url: string }).url)
    else if (method === 'Network.responseReceived') {
      const response = e.response as { url: string; status: number; encodedDataLength: number; fromServiceWorker?: boolean }
      urls.set(key, response.url)
      statuses.set(key, response.status)
      if (response.fromServiceWorker) viaWorker.add(key)
      seen(key, response.encodedDataLength)
    } else if (method === 'Network.loadingFinished') seen(key, e.encodedDataLength as number)
  }
  cdp.on('Network.requestWillBeSent', (e) => record('page', 'Network.requestWillBeSent', e as unknown as Record<string, unknown>))
  cdp.on('Network.responseReceived', (e) => record('page', 'Network.responseReceived', e as unknown as Record<string, unknown>))
  cdp.on('Network.loadingFinished', (e) => record('page', 'Network.loadingFinished', e as unknown as Record<string, unknown>))
  workers.onEvent((method, e) => record('worker', method, e))
  return {
    /** Bytes of /api/ answers that ended in [from, to], and which answers they were. */
    apiBytes(from: number, to: number) {
      let sum = 0
      const answers: string[] = []
      for (const [key, b] of bytes) {
        const url = urls.get(key) ?? ''
        if (b.at < from || b.at > to || !url.includes('/api/') || viaWorker.has(key)) continue
        sum += b.bytes
        const where = key.startsWith('worker') ? ' (worker)' : ''
        answers.push(`${new URL(url).pathname.replace(/[0-9a-f-]{36}/g, ':id')} ${statuses.get(key) ?? '?'} ${(b.bytes / 1024).toFixed(1)} KB${where}`)
      }
      return { sum, answers }
    },
  }
}

async function measureChat(base: string, fixture: ChatFixture, row: Row) {
  const { context, page, cdp, workers } = await phone(base, fixture.viewer.token)
  try {
    const wire = wireLog(cdp, workers)
    await warmVisit(page, row.notes)
    if (workers.attached() === 0) row.notes.push('no service worker attached: its fetches are not counted')
    // 1. Open the chat.
    if (TRACE) await startProfile(cdp)
    const started = Date.now()
    await page.goto(`/messages?chat=${fixture.other.id}`, { waitUntil: 'commit', timeout: CAP_MS })
    const sinceStart = () => CAP_MS - (Date.now() - started)
    row.openMs = await whenShown(page, fixture.latestText, sinceStart())
    if (TRACE) {
      await printTimeline(page, `chat of ${fixture.size} shown at ${row.openMs?.toFixed(0)} ms`)
      printProfile((await cdp.send('Profiler.stop')).profile)
    }
    if (row.openMs !== null && row.openMs > CAP_MS) row.openMs = null
    // 2. and 3., at once (or at the cap).
    row.elements =
      (await within(
        60_000,
        page.evaluate(() => document.getElementsByTagName('*').length),
      )) ?? null
    const uncollected = await within(60_000, cdp.send('Runtime.getHeapUsage'))
    if (uncollected) row.notes.push(`heap before garbage collection ${(uncollected.usedSize / 1024 / 1024).toFixed(1)} MB`)
    await within(60_000, cdp.send('HeapProfiler.collectGarbage'))
    const heap = await within(60_000, cdp.send('Runtime.getHeapUsage'))
    row.heapMB = heap ? heap.usedSize / 1024 / 1024 : null
    if (row.openMs === null) {
      row.notes.push(`latest not shown in ${CAP_MS / 1000} s; elements and heap at the cap`)
      return
    }
    // 4. Settled: one poll cycle after it showed, then the other user writes.
    await sleep(AFTER_SHOWN_MS)
    const text = `New message ${randomUUID().slice(0, 8)}`
    const sent = Date.now()
    const res = await fetch(`${base}/api/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${fixture.other.token}` },
      body: JSON.stringify({ receiverId: fixture.viewer.id, content: text }),
    })
    if (!res.ok) throw new Error(`sending failed: ${res.status}`)
    const shownAt = await whenShown(page, text, CAP_MS - (Date.now() - sent))
    row.newMessageMs = shownAt === null ? null : Date.now() - sent
    if (shownAt === null) row.notes.push(`new message not shown in ${CAP_MS / 1000} s`)
    await sleep(AFTER_SHOWN_MS)
    const { sum, answers } = wire.apiBytes(sent, Date.now())
    row.newMessageBytes = sum
    row.notes.push(`new message: ${answers.join(', ') || 'no answers'}`)
  } finally {
    await within(30_000, context.close())
  }
}

async function measureList(base: string, fixture: ListFixture, notes: string[]): Promise<number | null> {
  const { context, page, cdp, workers } = await phone(base, fixture.user.token)
  try {
    await warmVisit(page, notes)
    const wire = wireLog(cdp, workers)
    const checkFrom = Date.now()
    // Is the emulated network in force for the calls the service worker passes on? The list, fetched once.
    const check = await page.evaluate(async () => {
      const t0 = performance.now()
      const res = await fetch('/api/conversations', { headers: { authorization: `Bearer ${localStorage.getItem('token')}` }, cache: 'no-store' })
      const size = (await res.arrayBuffer()).byteLength
      return { size, ms: performance.now() - t0, viaWorker: Boolean(navigator.serviceWorker?.controller) }
    })
    // The link carries the answer compressed: its wire bytes set the least time the link allows.
    const onWire = wire.apiBytes(checkFrom, Date.now()).sum
    notes.push(
      `network check: ${(check.size / 1024).toFixed(0)} KB (${(onWire / 1024).toFixed(0)} KB on the wire) in ${Math.round(check.ms)} ms${check.viaWorker ? ' through the service worker' : ''} (emulated: ≥ ${Math.round(NETWORK.latency + (onWire / NETWORK.downloadThroughput) * 1000)} ms)`,
    )
    if (TRACE) await startProfile(cdp)
    await page.goto('/messages', { waitUntil: 'commit', timeout: CAP_MS })
    const handle = await page
      .waitForFunction(
        (count) => {
          const header = document.querySelector('[data-testid="conversation-count"]')
          if (header?.textContent?.trim() !== String(count)) return 0
          for (const el of document.querySelectorAll('[data-testid="conversation"]')) {
            const r = el.getBoundingClientRect()
            if (r.height > 0 && r.bottom > 0 && r.top < window.innerHeight) return performance.now()
          }
          return 0
        },
        fixture.count,
        { timeout: CAP_MS, polling: POLL_MS },
      )
      .catch(() => undefined)
    const shownAt = handle ? ((await handle.jsonValue()) as number) : null
    if (TRACE) {
      await printTimeline(page, `list shown at ${shownAt?.toFixed(0)} ms`)
      printProfile((await cdp.send('Profiler.stop')).profile)
    }
    return shownAt
  } finally {
    await within(30_000, context.close())
  }
}

async function measureServer(port: number, fixture: ChatFixture, row: Row) {
  const headers = { accept: 'application/json', authorization: `Bearer ${fixture.viewer.token}` }
  const span = fixture.maxSeq - fixture.minSeq + 1
  const r = await historyLoad({
    port,
    connections: CONNECTIONS,
    seconds: SECONDS,
    drainS: CAP_MS / 1000,
    next: () => ({ path: `/api/messages/${fixture.other.id}?before=${fixture.minSeq + 1 + Math.floor(Math.random() * span)}&limit=50`, headers }),
  })
  row.p50 = r.requests ? r.p50 : null
  row.p99 = r.requests ? r.p99 : null
  row.perSecond = r.requests / r.seconds
  const other = [...r.statuses].filter(([s]) => s !== 200)
  if (other.length || r.errors || r.timedOut)
    row.notes.push(
      `load: ${[...other.map(([s, n]) => `${n}× ${s}`), r.errors && `${r.errors} errors`, r.timedOut && `${r.timedOut} timed out`].filter(Boolean).join(', ')}`,
    )
  row.notes.push(`load: ${r.requests} answers in ${r.seconds.toFixed(1)} s, ${(r.meanBytes / 1024).toFixed(0)} KB each`)
}

async function measurePollers(port: number, fixture: ChatFixture, row: Row) {
  const headers = { accept: 'application/json', authorization: `Bearer ${fixture.viewer.token}` }
  const span = fixture.maxSeq - fixture.minSeq + 1
  const r = await pacedPollers({
    port,
    phones: CONNECTIONS,
    seconds: POLLER_SECONDS,
    poll: () => ({ path: `/api/messages/${fixture.other.id}?after=${fixture.maxSeq}`, headers }),
    page: () => ({ path: `/api/messages/${fixture.other.id}?before=${fixture.minSeq + 1 + Math.floor(Math.random() * span)}&limit=50`, headers }),
  })
  row.pagedP50 = r.pages.count ? r.pages.p50 : null
  row.pagedP99 = r.pages.count ? r.pages.p99 : null
  const other = [...r.statuses].filter(([s]) => s !== 200 && s !== 304)
  row.notes.push(
    `pollers: ${r.pages.count} pages (max ${r.pages.max.toFixed(1)} ms) and ${r.polls.count} polls (${Math.round(r.polls.share304 * 100)}% 304, p99 ${r.polls.p99.toFixed(1)} ms) in ${r.seconds.toFixed(1)} s${other.length ? `; ${other.map(([s, n]) => `${n}× ${s}`).join(', ')}` : ''}`,
  )
}

async function seed(database: Database) {
  const chats: ChatFixture[] = []
  for (const size of SIZES) chats.push(await seedChat(database, size))
  const list = await seedConversationList(database, LIST_SIZE)
  await database.query('analyze')
  return { chats, list }
}

async function runDatabase(kind: Kind): Promise<Row[]> {
  let env: Record<string, string>
  let database: Database
  if (kind === 'postgres') {
    admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    await admin.query(`create database ${dbName}`)
    createdDb = true
    const url = new URL(adminUrl)
    url.pathname = `/${dbName}`
    env = { DATABASE_URL: url.toString() }
    database = await openDatabase({ databaseUrl: url.toString(), dataDir: '' })
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nookshare-chat-bench-'))
    tempDirs.push(dataDir)
    env = { DATA_DIR: dataDir, DATABASE_URL: '' }
    database = await openDatabase({ dataDir })
  }
  const t0 = Date.now()
  let fixtures
  try {
    await migrateDatabase(database)
    fixtures = await seed(database)
  } finally {
    // One process owns a PGlite directory: closed before the server opens it.
    await database.close()
  }
  console.log(`${kind}: seeded ${SIZES.join(', ')}-message chats and a ${LIST_SIZE}-conversation list in ${((Date.now() - t0) / 1000).toFixed(1)} s`)

  let { port, base } = await startServer(env)
  const rows: Row[] = []
  const listNotes: string[] = []
  let listMs: number | null = null
  try {
    listMs = await measureList(base, fixtures.list, listNotes)
  } catch (err) {
    listNotes.push(`list: ${(err as Error).message.split('\n')[0]}`)
  }
  console.log(`${kind}: ${LIST_SIZE} conversations listed in ${listMs === null ? `> ${CAP_MS / 1000} s` : `${Math.round(listMs)} ms`}`)
  for (const fixture of fixtures.chats) {
    const row: Row = {
      database: kind,
      size: fixture.size,
      openMs: null,
      elements: null,
      heapMB: null,
      newMessageBytes: null,
      newMessageMs: null,
      listMs,
      p50: null,
      p99: null,
      perSecond: null,
      pagedP50: null,
      pagedP99: null,
      notes: [...listNotes],
    }
    rows.push(row)
    if (!serverAlive()) {
      row.notes.push('server restarted (it had exited)')
      ;({ port, base } = await startServer(env))
    }
    try {
      await measureChat(base, fixture, row)
    } catch (err) {
      row.notes.push(`browser: ${(err as Error).message.split('\n')[0]}`)
    }
    console.log(`${kind} ${fixture.size}: ${JSON.stringify(row)}`)
    if (!serverAlive()) {
      row.notes.push('server exited during the browser run; restarted')
      ;({ port, base } = await startServer(env))
    }
    try {
      await measurePollers(port, fixture, row)
      await measureServer(port, fixture, row)
    } catch (err) {
      row.notes.push(`load: ${(err as Error).message.split('\n')[0]}`)
    }
    if (!serverAlive()) row.notes.push('server exited under load')
    console.log(
      `${kind} ${fixture.size}: at 50 pollers p50 ${row.pagedP50?.toFixed(1)} ms, p99 ${row.pagedP99?.toFixed(1)} ms; flat out p99 ${row.p99?.toFixed(1)} ms, ${row.perSecond?.toFixed(1)}/s`,
    )
  }
  await stopServer()
  if (kind === 'postgres') {
    await admin!.query(`drop database if exists ${dbName} with (force)`)
    createdDb = false
  }
  return rows
}

const ms = (v: number | null) => (v === null ? `> ${CAP_MS / 1000} s` : v >= 10_000 ? `${(v / 1000).toFixed(1)} s` : `${Math.round(v)} ms`)
const kb = (v: number | null) => (v === null ? '–' : v >= 1024 * 1024 ? `${(v / 1024 / 1024).toFixed(2)} MB` : `${(v / 1024).toFixed(1)} KB`)
const fixed = (v: number | null | undefined) => (v === null || v === undefined ? '–' : `${v.toFixed(1)} ms`)
const num = (v: number | null, digits = 0) => (v === null ? '–' : v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }))

function printTable(kind: Kind, rows: Row[], before?: BeforeFile) {
  console.log(`\n### ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}\n`)
  console.log(
    '| code | messages | open → latest shows | elements | JS heap | one new message costs the open chat | list of 500 opens in | history page p50, 50 pollers | p99, 50 pollers | flat out: answers/s | p99 |',
  )
  console.log('|---|---|---|---|---|---|---|---|---|---|---|')
  const line = (label: string, r: Row) =>
    console.log(
      `| ${label} | ${num(r.size)} | ${ms(r.openMs)} | ${num(r.elements)} | ${r.heapMB === null ? '–' : `${r.heapMB.toFixed(1)} MB`} | ${kb(r.newMessageBytes)}${r.newMessageMs === null && r.newMessageBytes !== null ? ' (not shown)' : ''} | ${ms(r.listMs)} | ${fixed(r.pagedP50)} | ${fixed(r.pagedP99)} | ${num(r.perSecond, 1)} | ${fixed(r.p99)} |`,
    )
  const sizes = [...new Set([...rows.map((r) => r.size), ...(before?.rows.filter((r) => r.database === kind).map((r) => r.size) ?? [])])].sort((a, b) => a - b)
  for (const size of sizes) {
    const was = before?.rows.find((r) => r.database === kind && r.size === size)
    if (was) line(`before (${before!.commit})`, was)
    const now = rows.find((r) => r.size === size)
    if (now) line(WRITE_BEFORE ? `this run (${commit})` : 'after', now)
  }
  const notes = rows.filter((r) => r.notes.length)
  if (notes.length) console.log(`\n${notes.map((r) => `- ${num(r.size)}: ${r.notes.join('; ')}`).join('\n')}`)
}

let commit = 'unknown'
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
} catch {
  /* not a git checkout */
}

try {
  if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) throw new Error('dist/ is missing: run `npm run build` first.')
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROME_ARGS })
  console.log(
    `Chromium ${browser.version()}; ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; sizes ${SIZES.join(', ')}; databases ${DATABASES.join(', ')}; commit ${commit}`,
  )
  const before = existsSync(BEFORE_FILE) ? (JSON.parse(readFileSync(BEFORE_FILE, 'utf8')) as BeforeFile) : undefined
  const all: Row[] = []
  for (const kind of DATABASES) {
    const rows = await runDatabase(kind)
    all.push(...rows)
    printTable(kind, rows, WRITE_BEFORE ? undefined : before)
  }
  console.log(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
  console.log(
    `Phone: 390×844, ${PHONE_TIER ? `${PHONES[PHONE_TIER].name}: CPU slowed ${Math.min(...slowdowns).toFixed(1)}–${Math.max(...slowdowns).toFixed(1)}× (calibrated)` : '4× CPU slowdown'}, ${NETWORK.latency} ms, ${(NETWORK.downloadThroughput * 8) / 1e6} Mbps down, ${(NETWORK.uploadThroughput * 8) / 1e3} kbps up. Times from navigation start, checked every ${POLL_MS} ms.`,
  )
  if (WRITE_BEFORE) {
    const kept = before?.rows.filter((r) => !all.some((a) => a.database === r.database && a.size === r.size)) ?? []
    const file: BeforeFile = {
      measuredAt: new Date().toISOString(),
      commit,
      rows: [...kept, ...all].sort((a, b) => a.database.localeCompare(b.database) || a.size - b.size),
    }
    writeFileSync(BEFORE_FILE, `${JSON.stringify(file, null, 2)}\n`)
    console.log(`Wrote ${path.relative(ROOT, BEFORE_FILE)}.`)
  }
} finally {
  await cleanup()
}
process.exit(0)
