// Load for the chat benchmark. historyLoad: closed loop, `connections` keep-alive connections (Node's
// http client, no pipelining), each sending its next request as soon as the previous answer is read in
// full, for `seconds` (what the server carries flat out). Requests still in flight at the end are waited
// for up to `drainS` and counted as timed out beyond that. pacedPollers: open loop, phones asking at the
// app's own pace (what a person waits for a page of history while others poll). Latency is from writing
// the request to the last byte of the answer.
import http from 'node:http'
import { RawHttpPool } from './raw-http'

export interface LoadResult {
  requests: number
  seconds: number
  p50: number
  p99: number
  /** Mean answer body size, bytes. */
  meanBytes: number
  statuses: Map<number, number>
  errors: number
  timedOut: number
}

export async function historyLoad(opts: {
  port: number
  connections: number
  seconds: number
  /** Path and headers of the next request. */
  next: () => { path: string; headers: Record<string, string> }
  drainS?: number
}): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: opts.connections })
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  let bytes = 0
  let errors = 0
  let timedOut = 0
  const started = performance.now()
  const deadline = started + opts.seconds * 1000
  const hardStop = deadline + (opts.drainS ?? 60) * 1000

  const one = () =>
    new Promise<void>((settle) => {
      let settled = false
      const resolve = () => {
        settled = true
        settle()
      }
      const { path, headers } = opts.next()
      const t0 = performance.now()
      const req = http.request({ host: '127.0.0.1', port: opts.port, path, headers, agent }, (res) => {
        let size = 0
        res.on('data', (chunk: Buffer) => (size += chunk.length))
        res.on('end', () => {
          if (settled) return
          latencies.push(performance.now() - t0)
          statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1)
          bytes += size
          resolve()
        })
        res.on('error', () => {
          if (settled) return
          errors++
          resolve()
        })
      })
      req.setTimeout(Math.max(1, hardStop - t0), () => {
        if (settled) return
        timedOut++
        req.destroy()
        resolve()
      })
      req.on('error', () => {
        if (settled) return
        errors++
        resolve()
      })
      req.end()
    })

  await Promise.all(
    Array.from({ length: opts.connections }, async () => {
      while (performance.now() < deadline) await one()
    }),
  )
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN
  return { requests: latencies.length, seconds, p50: at(0.5), p99: at(0.99), meanBytes: bytes / Math.max(1, latencies.length), statuses, errors, timedOut }
}

export interface PacedResult {
  seconds: number
  /** History pages: latency from writing the request to the last byte, ms. */
  pages: { count: number; p50: number; p99: number; max: number }
  /** The phones' chat polls (`after` with If-None-Match): mostly bodyless 304s. */
  polls: { count: number; p50: number; p99: number; share304: number }
  statuses: Map<number, number>
}

/**
 * Phones with a long chat open, as the app drives them (open loop, not as fast as the server answers):
 * each of `phones` polls its chat every `everyMs` (`after` the newest seq, with the ETag it last got) and,
 * half a period later, scrolls up one page (`before` a random seq, no ETag: a real read). Starts are
 * spread over the first period; a phone never has two of the same kind in flight. Measured after one
 * period of warm-up (every phone holds an ETag), for `seconds`.
 */
export async function pacedPollers(opts: {
  port: number
  phones: number
  seconds: number
  everyMs?: number
  poll: () => { path: string; headers: Record<string, string> }
  page: () => { path: string; headers: Record<string, string> }
}): Promise<PacedResult> {
  const everyMs = opts.everyMs ?? 3000
  const pool = new RawHttpPool(opts.port, opts.phones * 2)
  const pages: number[] = []
  const polls: number[] = []
  const statuses = new Map<number, number>()
  let measuring = false
  let running = true
  const timers: ReturnType<typeof setTimeout>[] = []
  const loop = (offsetMs: number, step: () => Promise<void>) => {
    let busy = false
    const tick = async () => {
      if (!running || busy) return
      busy = true
      await step()
      busy = false
    }
    timers.push(
      setTimeout(() => {
        void tick()
        timers.push(setInterval(() => void tick(), everyMs))
      }, offsetMs),
    )
  }
  const timed = async (req: { path: string; headers: Record<string, string> }, into: number[]) => {
    const t0 = performance.now()
    const answer = await pool.get(req.path, req.headers)
    if (measuring) {
      into.push(performance.now() - t0)
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1)
    }
    return answer
  }
  for (let i = 0; i < opts.phones; i++) {
    let etag: string | undefined
    const start = Math.random() * everyMs
    loop(start, async () => {
      const req = opts.poll()
      const answer = await timed({ path: req.path, headers: etag ? { ...req.headers, 'if-none-match': etag } : req.headers }, polls)
      etag = answer.etag ?? etag
    })
    loop(start + everyMs / 2, async () => void (await timed(opts.page(), pages)))
  }
  await sleep(everyMs + 500)
  measuring = true
  const t0 = performance.now()
  await sleep(opts.seconds * 1000)
  measuring = false
  const seconds = (performance.now() - t0) / 1000
  running = false
  timers.forEach((t) => clearInterval(t))
  pool.destroy()
  const q = (list: number[], p: number) => list[Math.min(list.length - 1, Math.floor(p * list.length))] ?? NaN
  pages.sort((a, b) => a - b)
  polls.sort((a, b) => a - b)
  return {
    seconds,
    pages: { count: pages.length, p50: q(pages, 0.5), p99: q(pages, 0.99), max: pages.at(-1) ?? NaN },
    polls: { count: polls.length, p50: q(polls, 0.5), p99: q(polls, 0.99), share304: (statuses.get(304) ?? 0) / Math.max(1, polls.length) },
    statuses,
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
