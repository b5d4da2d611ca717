// axe-core on every page a browser test visits (issue 41): each distinct page (path pattern, the search
// parameters that make another page, viewport) is checked once per run, by whichever file shows it first,
// after it settles; a test that showed a violation fails with the rule, the nodes, the page and the size.
import { AxeBuilder } from '@axe-core/playwright'
import type { BrowserContext, Page } from 'playwright-core'
import { mkdirSync, rmdirSync } from 'node:fs'
import path from 'node:path'
import { afterEach, inject } from 'vitest'

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa', 'best-practice']

/**
 * What axe may not judge, each with its reason, scoped to the markup it concerns.
 * (None: every finding so far was ours to fix.)
 */
const EXCLUDED_SELECTORS: string[] = []

type Size = { width: number; height: number }
const sizes = new WeakMap<BrowserContext, Size>()
const openContexts = new Set<BrowserContext>()
// Pages whose clock the test holds: axe waits on timers, which only the test moves there. Not checked.
const clocked = new WeakSet<Page>()
const clockedContexts = new WeakSet<BrowserContext>()
/** The pages this file has checked (or is checking). */
const runs = new Map<string, Promise<string[]>>()

/**
 * Claims a page for this file: one axe pass costs about a second on an idle machine, and the ~45 files
 * show the same ~30 pages again and again. mkdir is atomic across the workers. (Outside the e2e project,
 * e.g. the engines journey, nothing is shared: every page is this file's.)
 */
const claimsDir = inject('axeCheckedDir')
function claim(key: string): boolean {
  if (!claimsDir) return true
  try {
    mkdirSync(path.join(claimsDir, encodeURIComponent(key)))
    return true
  } catch {
    return false
  }
}
const release = (key: string) => claimsDir && rmdirSync(path.join(claimsDir, encodeURIComponent(key)))
let found: string[] = []
/** Per-file totals, for measuring what the checks cost (AXE_TIMES=1 prints them after each test). */
export const axeStats = { runs: 0, ms: 0, settleMs: 0, pageCpuMs: 0 }

// Segments that name a thing (ids, slugs, months) become one pattern: /storages/:id is one page; of the
// search parameters only those that make another page count (an open chat, a search against none).
const PAGE_PARAMS = ['chat', 'support', 'q']
const LITERAL_SEGMENTS = new Set(['receipts', 'space', 'new', 'edit', 'blogs', 'admin'])
export function pageKey(url: string, size: Size): string | undefined {
  const u = new URL(url)
  if (!u.protocol.startsWith('http') || !['127.0.0.1', 'localhost'].includes(u.hostname)) return undefined
  const path = u.pathname
    .split('/')
    .map((seg, i) => (i < 2 || seg === '' || LITERAL_SEGMENTS.has(seg) ? seg : ':param'))
    .join('/')
  const params = PAGE_PARAMS.filter((p) => u.searchParams.has(p)).join('&')
  return `${path}${params ? `?${params}` : ''} @${size.width}x${size.height}`
}

/**
 * Tracks a harness context: a page is checked as the test leaves it (before goto or reload navigates),
 * at the end of the test, and when its context closes. So axe never runs while the test acts, nor delays
 * what the test sees of the page it goes to (a toast, a loading state). A page reached by a click is
 * checked if the test is still on it at one of those points.
 */
export function trackContext(context: BrowserContext, size: Size, { scripts = true }: { scripts?: boolean } = {}) {
  // On in every run (AXE_CHECKS=off turns them off for a quick local run). Each distinct page is checked
  // once per run (claim above): one pass per page and size, not per visit.
  sizes.set(context, size) // expectAccessible needs it either way
  // A context with scripts off (a page before the app runs) is not checked: axe runs as a script in the
  // page, and there its injection never answers. The same pages are checked with scripts on.
  if (process.env.AXE_CHECKS === 'off' || !scripts) return
  openContexts.add(context)
  const clock = context.clock.install.bind(context.clock)
  context.clock.install = async (...args) => {
    clockedContexts.add(context)
    return clock(...args)
  }
  context.on('page', (page) => {
    const pageClock = page.clock.install.bind(page.clock)
    page.clock.install = async (...args) => {
      clocked.add(page)
      return pageClock(...args)
    }
    for (const method of ['goto', 'reload'] as const) {
      const original = page[method].bind(page) as (...args: unknown[]) => Promise<unknown>
      ;(page as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
        await schedule(page)
        return original(...args)
      }
    }
  })
  const close = context.close.bind(context)
  context.close = async (...args) => {
    if (openContexts.delete(context)) await checkOpenPages([context])
    return close(...args)
  }
}

/** Checks the page as it shows unless this file checked that page already; resolves to its findings. */
function schedule(page: Page, { always = false } = {}): Promise<string[]> {
  const size = sizes.get(page.context())
  const key = size && !clocked.has(page) && !clockedContexts.has(page.context()) && pageKey(page.url(), size)
  if (!key) return Promise.resolve([])
  const running = runs.get(key)
  if (running) return running
  if (!claim(key) && !always) return Promise.resolve([]) // another file checks it
  const run = check(page, key)
  runs.set(key, run)
  return run
}

/**
 * Fails now, naming each violation, if the page as it shows has any (it is then not reported again at the
 * end of the test). A page this file checked before is not checked again; one another file checked is.
 */
export async function expectAccessible(page: Page) {
  let report = await schedule(page, { always: true })
  if (!runs.has(pageKey(page.url(), sizes.get(page.context())!)!)) report = await schedule(page, { always: true }) // it moved on meanwhile
  found = found.filter((line) => !report.includes(line))
  if (report.length) throw new Error(`axe found ${report.length} accessibility violation(s):\n${report.join('\n')}`)
}

async function checkOpenPages(contexts: Iterable<BrowserContext>) {
  for (const context of contexts) for (const page of context.pages()) if (!page.isClosed()) schedule(page)
  await Promise.all(runs.values())
}

/**
 * Settled: the app started, nothing is loading (no skeleton, spinner or aria-busy) and no finite animation
 * runs (content fading in is checked at full opacity). A page that never settles is checked as it is.
 */
async function settle(page: Page) {
  const start = performance.now()
  await page
    .waitForFunction(
      () =>
        document.readyState === 'complete' &&
        (document.documentElement.dataset.ready === 'true' || !document.querySelector('script[type="module"]')) &&
        !document.querySelector('[aria-busy="true"], .animate-pulse, .animate-spin') &&
        !document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity),
      undefined,
      { timeout: 4_000, polling: 100 },
    )
    .catch(() => undefined)
  axeStats.settleMs += performance.now() - start
}

async function analyze(page: Page, rules?: string[]) {
  // Legacy mode: axe.run in the page itself. The default mode finishes in a blank page it opens in the
  // test's context, which backgrounds the test's page (Leaflet's zoom stalls) and shows up as a popup.
  // resultTypes: only violations get their node details worked out (axe's advice for speed).
  const builder = new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] }) // before withTags: options() replaces what withTags set
    .withTags(AXE_TAGS)
  for (const selector of EXCLUDED_SELECTORS) builder.exclude(selector)
  if (rules) builder.withRules(rules)
  // The page's own main-thread time too (Chromium's TaskDuration): what a pass costs, however loaded the machine.
  const cdp = process.env.AXE_TIMES ? await page.context().newCDPSession(page) : undefined
  const taskSeconds = async () => (await cdp!.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')!.value
  if (cdp) await cdp.send('Performance.enable')
  const before = cdp && (await taskSeconds())
  const start = performance.now()
  const result = await builder.analyze()
  axeStats.runs++
  axeStats.ms += performance.now() - start
  if (cdp) {
    axeStats.pageCpuMs += ((await taskSeconds()) - before!) * 1000
    await cdp.detach()
  }
  return result.violations
}

/**
 * A pass that never answers (a page that stopped running scripts) must not hold every later test: each
 * test's end waits for this file's passes. Past the limit the page is left to another file, and said so.
 */
const PASS_LIMIT_MS = 60_000
class PassTimeout extends Error {}
function withinTime<T>(pass: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new PassTimeout()), PASS_LIMIT_MS)))
  return Promise.race([pass, limit]).finally(() => clearTimeout(timer))
}

async function check(page: Page, key: string): Promise<string[]> {
  const url = page.url()
  // The page that follows is checked instead; this one is left to the next file that shows it.
  const movedOn = () => (runs.delete(key), release(key), [])
  try {
    await settle(page)
    if (page.url() !== url) return movedOn()
    let violations = await withinTime(analyze(page))
    // A violation must hold once the page settles again: a state caught mid-change is not a finding.
    if (violations.length) {
      await settle(page)
      if (page.url() !== url) return movedOn()
      violations = await withinTime(
        analyze(
          page,
          violations.map((v) => v.id),
        ),
      )
    }
    const size = sizes.get(page.context())!
    const report = violations.map((v) => {
      const nodes = v.nodes.map((n) => `      ${n.target.join(' >> ')}${n.failureSummary ? `: ${n.failureSummary.split('\n').slice(1).join(' ').trim()}` : ''}`)
      return `- ${v.id} (${v.impact}): ${v.help}\n    on ${url} at ${size.width}x${size.height}\n${nodes.join('\n')}`
    })
    found.push(...report)
    return report
  } catch (error) {
    if (error instanceof PassTimeout) {
      console.warn(`axe: no answer from ${url} within ${PASS_LIMIT_MS / 1000} s; left to the next file that shows it`)
      return movedOn()
    }
    // The page navigated or closed while axe ran: check whatever it shows next.
    // (No window.axe: a new document replaced the one axe was put in.)
    if (page.isClosed() || /context was destroyed|Target.*closed|navigat|reading 'run'/i.test(String(error))) return movedOn()
    const report = [`- axe could not run on ${url}: ${String(error)}`]
    found.push(...report)
    return report
  }
}

afterEach(async () => {
  await checkOpenPages(openContexts)
  if (process.env.AXE_TIMES)
    console.log(
      `axe: ${axeStats.runs} passes, ${Math.round(axeStats.ms)} ms in axe (${Math.round(axeStats.pageCpuMs)} ms of the page's main thread), ${Math.round(axeStats.settleMs)} ms settling, so far`,
    )
  const report = found
  found = []
  if (report.length) throw new Error(`axe found ${report.length} accessibility violation(s):\n${report.join('\n')}`)
})
