// Where a page's load spends its main thread, task by task: the built app (started like the benches, a
// temporary data dir) loaded in Debian's Chromium with a trace that samples the JavaScript, then each task of
// the page's main thread over MIN ms printed with what ran in it: the trace's biggest events (layout, a
// module's evaluation, a timer) and the functions most often on the stack. What Lighthouse's simulation
// makes of each task is printed beside it: the task times SLOWDOWN, its blocking part past 50 ms.
// Usage: node --import tsx scripts/long-tasks.ts <route> [--signed-in] [--cold]
//   --signed-in  as the route's demo user (scripts/bench/lib/demo-sign-in.ts), as the Lighthouse bench does
//   --cold       a first visit: a fresh context each run, no service worker (else: visited once, worker warm)
//   CHAT in the route: the demo user's first conversation's other person (CHAT_INDEX=n: the n-th), e.g.
//   '/messages?chat=CHAT' --signed-in; WARM_URL=/messages: the warm visit goes there, then to /profile, so
//   the first traced visit is the route's first (as `npm run bench -- chat` opens a chat)
//   env: RUNS (2), MIN (10 ms), SLOWDOWN (10.7: the low-tier phone on a machine of index 2,800), RATE (1:
//   unslowed, as Lighthouse traces; CDP CPU throttling otherwise), TOP (6 functions per task), HIDE (a regular
//   expression: stack frames to leave out of "on the stack", e.g. HIDE=react-dom to see the app's own).
// Function names are the bundle's: build with `minify: false` in vite.config.ts for the app's own names.
import { startAppServer } from './bench/lib/app-server'
import { launchBenchChromium, PHONE_CONTEXT } from './bench/lib/bench-chromium'
import { demoToken, signIn } from './bench/lib/demo-sign-in'

const route = process.argv[2]
if (!route?.startsWith('/')) throw new Error('usage: long-tasks.ts <route> [--signed-in] [--cold]')
const signedIn = process.argv.includes('--signed-in')
const cold = process.argv.includes('--cold')
const RUNS = Number(process.env.RUNS ?? 2)
const MIN = Number(process.env.MIN ?? 10)
const SLOWDOWN = Number(process.env.SLOWDOWN ?? 10.7)
const RATE = Number(process.env.RATE ?? 1)
const TOP = Number(process.env.TOP ?? 6)
const HIDE = process.env.HIDE ? new RegExp(process.env.HIDE) : undefined

interface TraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  id?: string
  args?: { name?: string; data?: Record<string, unknown> & { documentLoaderURL?: string; url?: string; functionName?: string } }
}
interface ProfileNode {
  id: number
  parent?: number
  callFrame: { functionName: string; url: string }
}

const IGNORED = new Set(['(root)', '(program)', '(idle)'])
const frameName = (n: ProfileNode) => `${n.callFrame.functionName || '(anonymous)'}${n.callFrame.url ? `@${n.callFrame.url.split('/').pop()}` : ''}`
const top = (counts: Map<string, number>, n: number) =>
  [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${k} ×${v}`)
    .join(', ')

function report(events: TraceEvent[]) {
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`))
  const nav = events.filter((e) => e.name === 'navigationStart' && mains.has(`${e.pid}:${e.tid}`) && e.args?.data?.documentLoaderURL).at(-1)
  if (!nav) return console.log('  (no navigation in the trace)')
  const onMain = (e: TraceEvent) => e.pid === nav.pid && e.tid === nav.tid
  const ms = (ts: number) => (ts - nav.ts) / 1000
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && onMain(e) && e.ts >= nav.ts)
  // The sampled stacks: each ProfileChunk carries nodes and samples with time deltas from its Profile's start.
  const nodes = new Map<string, ProfileNode>()
  const samples: Array<{ ts: number; node: string }> = []
  const clock = new Map<string, number>()
  for (const e of events) {
    if (e.pid !== nav.pid) continue
    if (e.name === 'Profile') clock.set(e.id!, (e.args?.data?.startTime as number) ?? 0)
    if (e.name !== 'ProfileChunk') continue
    const chunk = e.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
    for (const n of chunk.cpuProfile?.nodes ?? []) nodes.set(`${e.id}:${n.id}`, n)
    let t = clock.get(e.id!) ?? 0
    ;(chunk.cpuProfile?.samples ?? []).forEach((s, i) => {
      t += chunk.timeDeltas?.[i] ?? 0
      samples.push({ ts: t, node: `${e.id}:${s}` })
    })
    clock.set(e.id!, t)
  }
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && onMain(e) && e.ts >= nav.ts)
  let blocking = 0
  console.log(`  FCP ${fcp ? `${ms(fcp.ts).toFixed(0)} ms` : '?'}; tasks over ${MIN} ms:`)
  for (const task of tasks) {
    const duration = task.dur! / 1000
    const simulated = Math.max(0, duration * SLOWDOWN - 50)
    if (fcp && task.ts >= fcp.ts) blocking += simulated
    if (duration < MIN) continue
    const end = task.ts + task.dur!
    const inner = new Map<string, number>()
    for (const e of events)
      if (e.ph === 'X' && onMain(e) && e !== task && e.name !== 'RunTask' && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && (e.dur ?? 0) > 500) {
        const what = [e.name, e.args?.data?.url?.split('/').pop(), e.args?.data?.functionName].filter(Boolean).join(' ')
        inner.set(what, Math.max(inner.get(what) ?? 0, e.dur! / 1000))
      }
    const self = new Map<string, number>()
    const inclusive = new Map<string, number>()
    for (const s of samples) {
      if (s.ts < task.ts || s.ts > end) continue
      const leaf = nodes.get(s.node)
      if (!leaf) continue
      self.set(frameName(leaf), (self.get(frameName(leaf)) ?? 0) + 1)
      const seen = new Set<string>()
      for (let n: ProfileNode | undefined = leaf; n; n = n.parent === undefined ? undefined : nodes.get(`${s.node.split(':')[0]}:${n.parent}`)) {
        const name = frameName(n)
        if (IGNORED.has(n.callFrame.functionName) || seen.has(name) || HIDE?.test(name)) continue
        seen.add(name)
        inclusive.set(name, (inclusive.get(name) ?? 0) + 1)
      }
    }
    const events_ = [...inner]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, v]) => `${k} ${v.toFixed(1)}`)
      .join(' | ')
    console.log(
      `  ${ms(task.ts).toFixed(0).padStart(6)} ms  ${duration.toFixed(1).padStart(5)} ms (×${SLOWDOWN}: ${simulated.toFixed(0)} blocking)  ${events_}`,
    )
    if (self.size) console.log(`         self: ${top(self, TOP)}\n         on the stack: ${top(inclusive, TOP)}`)
  }
  console.log(`  Every task after FCP times ${SLOWDOWN}, past 50 ms: ${blocking.toFixed(0)} ms (Lighthouse also stops at TTI)`)
}

const server = await startAppServer('long-tasks')
const browser = await launchBenchChromium()
const categories = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-v8.cpu_profiler',
  'v8.execute',
  'loading',
  'blink.user_timing',
]
try {
  const token = signedIn ? await demoToken(server.base, route.split('?')[0]!) : undefined
  let url = `${server.base}${route}`
  if (route.includes('CHAT')) {
    const answer = await fetch(`${server.base}/api/conversations`, { headers: { authorization: `Bearer ${token}` } })
    // Without a limit, the whole list (the spec's array).
    const conversations = (await answer.json()) as Array<{ _id: string; otherUser: { firstName: string } }>
    const chat = conversations[Number(process.env.CHAT_INDEX ?? 0)]!
    console.log(`the chat with ${chat.otherUser.firstName}`)
    url = url.replace('CHAT', chat._id)
  }
  const warmUrl = process.env.WARM_URL ? `${server.base}${process.env.WARM_URL}` : url
  const newPage = async () => {
    const context = await browser.newContext({ ...PHONE_CONTEXT, serviceWorkers: cold ? 'block' : 'allow' })
    const page = await context.newPage()
    if (token) await signIn(page, server.base, token)
    if (RATE > 1) await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: RATE })
    return { context, page }
  }
  // Warm: one context, the page visited until its worker is active, then traced reloads.
  const warm = cold ? undefined : await newPage()
  if (warm) {
    await warm.page.goto(warmUrl, { waitUntil: 'networkidle' })
    await warm.page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated', undefined, {
      timeout: 60_000,
    })
    await warm.page.goto(warmUrl, { waitUntil: 'networkidle' })
    if (process.env.WARM_URL) await warm.page.goto(`${server.base}/profile`, { waitUntil: 'networkidle' })
  }
  for (let run = 0; run < RUNS; run++) {
    const { context, page } = warm ?? (await newPage())
    await browser.startTracing(page, { categories })
    await page.goto(url, { waitUntil: 'networkidle' })
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 5000 })))
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }
    console.log(`${route}${signedIn ? ' (signed in)' : ''}, ${cold ? 'first visit' : 'warm'}, run ${run + 1} of ${RUNS}${RATE > 1 ? `, CPU ×${RATE}` : ''}`)
    report(trace.traceEvents)
    if (!warm) await context.close()
  }
} finally {
  await browser.close()
  server.stop()
}
