// Lighthouse (mobile settings) over the lead pages, a listing and the storage list of a server this script
// starts itself (built like `npm start`, temporary data dir), in Debian's Chromium, calibrated (issue 45):
// before each run it measures this machine's Lighthouse `benchmarkIndex` (median of 3 quick measurements,
// lib/benchmark-index.ts) and sets the CPU slowdown so the machine runs as each of Chrome DevTools' reference
// phones: mid-tier (Pixel 5, index 1000) and low-tier (Moto G4 Power 2022, index 264), slowdown = machine
// index ÷ phone index (at least 1). Prints per page and phone: performance and accessibility scores, FCP,
// TBT, the blocking time of the page slowed for real (lib/slowed-visit.ts), LCP, CLS, the INP of one typical tap
// where a page has one (lib/slowed-visit.ts), the slowdown used, and the first
// load's JavaScript (gzip) and total transfer (as sent: compressed). Targets: issue 45.
// Signed-in pages (SIGNED_IN=/messages,... ; issue 27) are audited as a demo user who has used the app
// before: signed in (the token in localStorage), each page visited once so its data, code and the service
// worker are warm, and Lighthouse told not to reset storage.
// Usage: npm run bench -- lighthouse   (ROUTES=/,/faq and SIGNED_IN=/bookings to choose pages, either may be
// empty, `listing` in ROUTES standing for the first seeded listing's page; RUNS=n runs per page and phone
// (default 9); TIERS=low for one phone; CPU_SLOWDOWN=4 for a fixed slowdown instead of the calibration;
// LH_REPORTS=dir writes each page's median run as Lighthouse JSON there, to see where its blocking time
// goes: audits long-tasks, bootup-time, mainthread-work-breakdown; LH_PROFILE=1 also samples the
// JavaScript in the trace, to see which function a long task ran: it distorts the figures, since starting
// V8's profiler took 0.4-0.6 s of the page's main thread in Chromium 156.0.8078.108, which the simulation
// multiplies by the slowdown like the page's own work)
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { startAppServer } from './lib/app-server'
import { PHONE_CONTEXT } from './lib/bench-chromium'
import { measureBenchmarkIndex, median, PHONES, slowdownFor, type Tier } from './lib/benchmark-index'
import { demoToken, signInAndWarm } from './lib/demo-sign-in'
import { loadLighthouse } from './lib/lighthouse-loader'
import { slowedVisit, TAPS } from './lib/slowed-visit'

const ROOT = path.resolve(import.meta.dirname, '../..')
const ROUTES = (process.env.ROUTES ?? '/,/host,/storee,/storages,listing').split(',').filter(Boolean)
const SIGNED_IN = (process.env.SIGNED_IN ?? '/messages,/bookings,/storee-dashboard,/host-dashboard').split(',').filter(Boolean)
/**
 * Runs per route and phone; the run with the median performance score is reported, and every run's score
 * beside it. Nine: on a 2-core machine the same build's runs differ by up to 15 points (one task of React's
 * startup measured 15 ms in one run and 67 ms in the next), and the median of five moved by 3 to 5 points
 * between two back-to-back runs of one build.
 */
const RUNS = Number(process.env.RUNS ?? 9)
if (!(RUNS >= 1)) throw new Error(`RUNS must be a number ≥ 1, not ${process.env.RUNS}`)
const TIERS = (process.env.TIERS ?? 'mid,low').split(',').filter(Boolean) as Tier[]
for (const t of TIERS) if (!(t in PHONES)) throw new Error(`TIERS: ${t} is not one of ${Object.keys(PHONES).join(', ')}`)
/**
 * A fixed slowdown instead of the calibration (Lighthouse's mobile default is 4): the figures then depend on
 * the machine (on an index of 3659, 9× scored the lead page 87 where a machine of index 1649 scored it 96 at 4×).
 */
const FIXED_SLOWDOWN = process.env.CPU_SLOWDOWN ? Number(process.env.CPU_SLOWDOWN) : undefined
if (FIXED_SLOWDOWN !== undefined && !(FIXED_SLOWDOWN >= 1)) throw new Error(`CPU_SLOWDOWN must be a number ≥ 1, not ${process.env.CPU_SLOWDOWN}`)
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update']

interface SummaryItem {
  resourceType: string
  transferSize: number
  requestCount: number
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
/** The runs' CPU slowdowns; `*`: in some run the machine was slower than the phone (not slowed at all). */
const slowdownCell = (values: number[]) => {
  const [lo, hi] = [Math.min(...values), Math.max(...values)].map((v) => v.toFixed(1))
  return `${lo === hi ? lo : `${lo}–${hi}`}×${!FIXED_SLOWDOWN && values.includes(1) ? '*' : ''}`
}

/** The scripts' gzipped size (what the issue's budget counts), whatever encoding the browser got. */
function gzippedScripts(requests: Array<{ url: string; resourceType?: string }>): number {
  let total = 0
  for (const r of requests.filter((q) => q.resourceType === 'Script')) {
    const file = path.join(ROOT, 'dist', new URL(r.url).pathname)
    if (existsSync(`${file}.gz`)) total += statSync(`${file}.gz`).size
    else if (existsSync(file)) total += gzipSync(readFileSync(file), { level: 9 }).length
  }
  return total
}

/** `listing` in ROUTES: the page of the first listing the search shows. */
async function resolveRoute(base: string, route: string) {
  if (route !== 'listing') return route
  const res = await fetch(`${base}/api/storages?limit=1`)
  const [first] = (await res.json()) as Array<{ id: string }>
  if (!first) throw new Error('no listing to audit: the search found none')
  return `/storages/${first.id}`
}

const server = await startAppServer('lighthouse')
const { lighthouse, chromeLauncher, computeBenchmarkIndex } = await loadLighthouse()
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS })
/** Every quick measurement's median (one before each run), and what Lighthouse measured itself in each run. */
const measuredIndexes: number[] = []
const lighthouseIndexes: number[] = []
const machineIndex = async (count = 3) => {
  const index = await measureBenchmarkIndex(chrome.port, computeBenchmarkIndex, count)
  measuredIndexes.push(index)
  return index
}
const rows: string[][] = []
const notes: string[] = []
try {
  // A discarded warm-up run: the first audit otherwise also measures a cold server and browser.
  await lighthouse(`${server.base}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
  const first = await machineIndex(5)
  console.log(`This machine's benchmarkIndex before the runs: ${Math.round(first)} (median of 5)`)
  for (const name of [...ROUTES, ...SIGNED_IN]) {
    const route = await resolveRoute(server.base, name)
    const signedIn = SIGNED_IN.includes(name) && !ROUTES.includes(name)
    const token = signedIn ? await demoToken(server.base, route) : undefined
    if (token) await signInAndWarm(server.base, chrome.port, route, token)
    for (const tier of FIXED_SLOWDOWN ? [undefined] : TIERS) {
      const runs = []
      // A run Lighthouse could not record (NO_NAVSTART: its trace missed the navigation) scores 0 and says
      // nothing of the page: it is said and run again, up to RUNS times in all.
      for (let i = 0, retries = 0; i < RUNS; i++) {
        const index = FIXED_SLOWDOWN ? undefined : await machineIndex()
        const slowdown = FIXED_SLOWDOWN ?? slowdownFor(index!, PHONES[tier!].index)
        const result = await lighthouse(`${server.base}${route}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          formFactor: 'mobile',
          disableStorageReset: signedIn,
          screenEmulation: { mobile: true, ...PHONE_CONTEXT.viewport, deviceScaleFactor: PHONE_CONTEXT.deviceScaleFactor, disabled: false },
          // Only the CPU is changed: Lighthouse merges this into its mobile (slow 4G) throttling.
          throttling: { cpuSlowdownMultiplier: slowdown },
          // LH_PROFILE: the trace also samples the JavaScript (which function each long task ran), at a cost.
          ...(process.env.LH_PROFILE ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
        })
        if (!result) throw new Error(`no result for ${route}`)
        if (result.lhr.runtimeError && retries++ < RUNS) {
          console.log(`${route}: a run failed (${result.lhr.runtimeError.code}); running it again`)
          i--
          continue
        }
        if (result.lhr.configSettings.throttling.rttMs !== 150) throw new Error('the throttling lost its slow 4G settings')
        if (result.lhr.environment?.benchmarkIndex) lighthouseIndexes.push(result.lhr.environment.benchmarkIndex)
        // A slowed visit or tap that failed is said, and leaves the page's other figures standing.
        const slowed = await slowedVisit({ port: chrome.port, url: `${server.base}${route}`, route: name, cpuSlowdown: slowdown, token }).catch((e: Error) => {
          notes.push(`${route}: the slowed visit or its tap failed: ${e.message.split('\n')[0]}`)
          return null
        })
        runs.push({ result, slowdown, inp: slowed?.inp ?? null, blocking: slowed?.blocking ?? null, firstTouch: slowed?.firstTouch ?? false })
      }
      runs.sort((a, b) => (a.result.lhr.categories.performance?.score ?? 0) - (b.result.lhr.categories.performance?.score ?? 0))
      const { result } = runs[Math.floor(runs.length / 2)]!
      const perfScores = runs.map((r) => Math.round((r.result.lhr.categories.performance?.score ?? 0) * 100))
      const { lhr } = result
      const label = `${route.slice(1).replaceAll('/', '_') || 'home'}${signedIn ? '.signed-in' : ''}${tier ? `.${tier}` : ''}`
      if (process.env.LH_REPORTS) {
        mkdirSync(process.env.LH_REPORTS, { recursive: true })
        writeFileSync(path.join(process.env.LH_REPORTS, `${label}.json`), JSON.stringify(lhr))
        const trace = (result as { artifacts?: { Trace?: unknown } }).artifacts?.Trace
        if (trace) writeFileSync(path.join(process.env.LH_REPORTS, `${label}.trace.json`), JSON.stringify(trace))
      }
      // A signed-in page that sent the visitor to /login measured the login page: say so.
      const landed = new URL(lhr.finalDisplayedUrl ?? lhr.finalUrl).pathname
      if (landed !== route) notes.push(`${route}: the audit ended on ${landed}`)
      // A run Lighthouse could not finish scores 0: say why, whichever run it was.
      for (const r of runs)
        if (r.result.lhr.runtimeError) notes.push(`${route}: a run failed: ${r.result.lhr.runtimeError.code} ${r.result.lhr.runtimeError.message}`)
      const audit = (id: string) => lhr.audits[id]
      const items = ((audit('resource-summary')?.details as { items?: SummaryItem[] } | undefined)?.items ?? []) as SummaryItem[]
      const of = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? 0
      const requests = (audit('network-requests')?.details as { items?: Array<{ url: string; resourceType?: string }> } | undefined)?.items ?? []
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      type Audit = { id: string; score: number | null }
      const failedA11y = (Object.values(lhr.audits) as Audit[]).filter(
        (a) =>
          lhr.categories.accessibility?.auditRefs.some((r: { id: string; weight: number }) => r.id === a.id && r.weight > 0) && a.score !== null && a.score < 1,
      )
      if (failedA11y.length) notes.push(`${route}: accessibility audits failed: ${failedA11y.map((a) => a.id).join(' ')}`)
      const inps = runs.map((r) => r.inp).filter((v): v is number => v !== null)
      const inp = inps.length ? median(inps) : null
      const blockings = runs.map((r) => r.blocking).filter((v): v is number => v !== null)
      const row = [
        signedIn ? `${route} (signed in)` : name === 'listing' ? '/storages/<id>' : route,
        tier ?? 'fixed',
        slowdownCell(runs.map((r) => r.slowdown)),
        `${score('performance')} (${perfScores.join('/')})`,
        `${Math.round(audit('first-contentful-paint')?.numericValue ?? 0)} ms`,
        `${Math.round(audit('total-blocking-time')?.numericValue ?? 0)} ms`,
        blockings.length ? `${Math.round(median(blockings))} ms` : '-',
        `${Math.round(audit('largest-contentful-paint')?.numericValue ?? 0)} ms`,
        (audit('cumulative-layout-shift')?.numericValue ?? 0).toFixed(3),
        inp === null ? '-' : `${inp < 16 ? '<16' : Math.round(inp)} ms (${TAPS[name]!.what}${runs.some((r) => r.firstTouch) ? ', first touch†' : ''})`,
        String(score('accessibility')),
        kb(gzippedScripts(requests)),
        kb(of('total')),
      ]
      rows.push(row)
      console.log(row.join('  '))
    }
  }
} finally {
  await chrome.kill()
  server.stop()
}

const head = ['page', 'phone', 'CPU', 'perf (runs)', 'FCP', 'TBT', 'TBT slowed', 'LCP', 'CLS', 'INP of one tap', 'a11y', 'JS (gzip)', 'total (sent)']
const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)))
const line = (r: string[]) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ')
const stats = (v: number[]) => (v.length ? `min ${Math.round(Math.min(...v))} / median ${Math.round(median(v))} / max ${Math.round(Math.max(...v))}` : '?')
console.log(
  `\nLighthouse 12, mobile (simulated slow 4G), Debian Chromium; median of ${RUNS} run${RUNS > 1 ? 's' : ''} per page and phone (every run's perf in brackets)`,
)
console.log(`This machine's benchmarkIndex: ${stats(measuredIndexes)} (${measuredIndexes.length} medians of quick measurements, one before each run)`)
console.log(`  as Lighthouse measured it at the start of each audit: ${stats(lighthouseIndexes)}`)
if (FIXED_SLOWDOWN) console.log(`CPU slowdown fixed at ${FIXED_SLOWDOWN}× (CPU_SLOWDOWN): the figures depend on this machine.`)
else for (const t of TIERS) console.log(`${t}: ${PHONES[t].name}, benchmarkIndex ${PHONES[t].index}: CPU slowdown = this machine's index ÷ ${PHONES[t].index}`)
console.log(line(head))
for (const r of rows) console.log(line(r))
for (const n of notes) console.log(n)
if (!FIXED_SLOWDOWN) {
  console.log(
    "Calibrated: each run slowed this machine down to the phone (as Chrome DevTools calibrates its CPU throttling), so these figures stand for those phones and compare across machines; *: the machine was slower than the phone (its index below the phone's) in some run, which then ran unslowed and stands for a slower phone. TBT counts the long tasks between FCP and the page's TTI, as Lighthouse simulates them (each task of an unslowed load times the slowdown). TBT slowed: the long tasks from FCP until the page settled as Chromium ran the page slowed by CDP CPU throttling at the same slowdown (median of the runs). INP: the tap's Event Timing in that same slowed Chromium; †: on a visitor's page the app starts at the first touch, and the tap is that first touch: the figure is the wait from the tap until its answer showed (the app's code loaded and run, the page hydrated, the tap pressed again).",
  )
}
