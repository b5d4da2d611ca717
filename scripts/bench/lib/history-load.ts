// Closed-loop load for the chat benchmark: `connections` keep-alive connections (Node's http client, no
// pipelining), each sending its next request as soon as the previous answer is read in full, for
// `seconds`. Requests still in flight at the end are waited for up to `drainS` and counted as timed out
// beyond that. Latency is from writing the request to the last byte of the answer.
import http from 'node:http'

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
