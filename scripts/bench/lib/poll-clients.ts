// Simulated phones for the polling benchmark: each client has its own session and polls its open chat
// every 3 s and its conversation list every 10 s with If-None-Match, skipping a poll while the previous
// one runs (as the app does). Returns the latencies and statuses seen during the measured window.
import { RawHttpPool } from './raw-http'

export interface Client {
  token: string
  /** The other user of the client's open chat. */
  partner: string
}

export interface PollFigures {
  total: number
  seconds: number
  p50: number
  p99: number
  max: number
  share304: number
  statuses: Map<number, number>
  skipped: number
  /** How long the warm-up took. */
  warmedUpS: number
  /** The server's CPU time over the measured window, when a way to read it was given. */
  serverCpuMs: number
}

const CHAT_MS = 3000
const LIST_MS = 10_000
/** Keep-alive connections, as a load balancer in front would hold; polls beyond these wait their turn. */
const CONNECTIONS = 256
const MAX_IN_FLIGHT = 1024

/**
 * Warm-up lasts at least `warmupS` and until every client has its first answers (ETags), at most
 * `maxWarmupS`: what is measured is the steady state, when phones that opened the app earlier poll.
 */
export async function simulateClients(
  port: number,
  clients: Client[],
  warmupS: number,
  durationS: number,
  opts: { maxWarmupS?: number; cpuMs?: () => number } = {},
): Promise<PollFigures> {
  const maxWarmupS = opts.maxWarmupS ?? 120
  const pool = new RawHttpPool(port, CONNECTIONS)
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  let measuring = false
  let skipped = 0
  let inFlight = 0

  const get = async (pathname: string, token: string, etag: string | undefined) => {
    const started = performance.now()
    const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: 'application/json' }
    if (etag) headers['if-none-match'] = etag
    const answer = await pool.get(pathname, headers)
    if (measuring) {
      if (answer.status) latencies.push(performance.now() - started)
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
    }
    return answer.etag ?? etag
  }

  let stop = Date.now() + (maxWarmupS + durationS + 2) * 1000
  const states: { chat?: string; list?: string }[] = []
  const timers: ReturnType<typeof setInterval>[] = []
  for (const client of clients) {
    const state = { chat: undefined as string | undefined, list: undefined as string | undefined, busyChat: false, busyList: false }
    states.push(state)
    const poll = async (kind: 'chat' | 'list') => {
      const busy = kind === 'chat' ? 'busyChat' : 'busyList'
      if (Date.now() > stop || state[busy]) return
      if (inFlight >= MAX_IN_FLIGHT) return void (measuring && skipped++)
      state[busy] = true
      inFlight++
      state[kind] = await get(kind === 'chat' ? `/api/messages/${client.partner}` : '/api/conversations', client.token, state[kind])
      inFlight--
      state[busy] = false
    }
    for (const [kind, every] of [
      ['chat', CHAT_MS],
      ['list', LIST_MS],
    ] as const) {
      setTimeout(
        () => {
          void poll(kind)
          timers.push(setInterval(() => void poll(kind), every))
        },
        Math.random() * Math.min(every, warmupS * 1000),
      )
    }
  }

  const warmStart = Date.now()
  await new Promise((r) => setTimeout(r, warmupS * 1000))
  while (Date.now() - warmStart < maxWarmupS * 1000 && states.some((s) => !s.chat || !s.list)) await new Promise((r) => setTimeout(r, 500))
  const warmedUpS = (Date.now() - warmStart) / 1000
  stop = Date.now() + (durationS + 2) * 1000
  measuring = true
  const t0 = performance.now()
  const cpu0 = opts.cpuMs?.() ?? NaN
  await new Promise((r) => setTimeout(r, durationS * 1000))
  measuring = false
  const serverCpuMs = (opts.cpuMs?.() ?? NaN) - cpu0
  const seconds = (performance.now() - t0) / 1000
  timers.forEach(clearInterval)
  pool.destroy()

  latencies.sort((a, b) => a - b)
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))] ?? NaN
  return {
    total: latencies.length,
    seconds,
    p50: q(0.5),
    p99: q(0.99),
    max: latencies.at(-1) ?? NaN,
    share304: (statuses.get(304) ?? 0) / Math.max(1, latencies.length),
    statuses,
    skipped,
    warmedUpS,
    serverCpuMs,
  }
}
