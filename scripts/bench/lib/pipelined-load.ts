// A lean load generator for the polling benchmark: keep-alive sockets, each keeping `depth` GETs in
// flight (HTTP/1.1 pipelining), the request text built once, answers counted by scanning the received
// bytes for their ends. autocannon spends about as much CPU per request as the app's 304 does, so on a
// machine it shares with the server it, not the server, set the pace; a pipelined socket reads and
// writes several requests per system call and parses next to nothing.
import net from 'node:net'
import { LatencyHistogram } from './latency-histogram'
import { getRequestText } from './raw-http'

export interface LoadOptions {
  port: number
  path: string
  headers: Record<string, string>
  connections: number
  /** Requests each connection keeps in flight: between half of them and all. */
  depth: number
  warmupS: number
  seconds: number
  /** Reads the server's CPU time in ms, to report it over the same window. */
  cpuMs?: () => number
}

export interface LoadFigures {
  seconds: number
  /** Answers per status over the measured window. */
  statuses: Map<number, number>
  /** Requests lost to a closed or garbled connection. */
  errors: number
  p50: number
  p99: number
  max: number
  /** This process's CPU time per answer over the measured window, µs. */
  cpuUsPerRequest: number
  /** The server's CPU time over the measured window, when a way to read it was given. */
  serverCpuMs: number
}

const HEAD_END = Buffer.from('\r\n\r\n')
const LAST_CHUNK = Buffer.from('\r\n0\r\n\r\n')
const H = 0x48
const readBuffer = Buffer.alloc(256 * 1024)

/** Shared by the connections of one run: what they count, and whether they still send. */
interface Run {
  measuring: boolean
  sending: boolean
  histogram: LatencyHistogram
  statuses: Uint32Array
  errors: number
}

class Connection {
  private socket!: net.Socket
  private rest?: Buffer
  /** When each request in flight was written, oldest first (a ring of `depth`). */
  private readonly sentAt: Float64Array
  private oldest = 0
  inFlight = 0

  constructor(
    private readonly port: number,
    /** The request repeated `depth` times: a write of n requests is its first n. */
    private readonly batch: Buffer,
    private readonly requestLength: number,
    private readonly depth: number,
    private readonly run: Run,
  ) {
    this.sentAt = new Float64Array(depth)
    this.open()
  }

  private open() {
    // onread hands each read over in one reused buffer, past the stream machinery ('data' events).
    this.socket = net.connect({
      port: this.port,
      host: '127.0.0.1',
      noDelay: true,
      onread: { buffer: readBuffer, callback: (n, buf) => this.read(Buffer.from(buf.buffer, buf.byteOffset, n)) },
    })
    this.socket.on('error', () => {})
    this.socket.on('close', () => {
      // Whatever was in flight is lost; a connection still wanted opens again.
      if (this.run.measuring) this.run.errors += this.inFlight
      this.inFlight = 0
      this.oldest = 0
      this.rest = undefined
      if (this.run.sending) setTimeout(() => this.run.sending && this.open(), 10)
    })
    this.send(this.depth, performance.now())
  }

  close() {
    this.socket.end()
  }

  private send(n: number, now: number) {
    for (let i = 0; i < n; i++) this.sentAt[(this.oldest + this.inFlight + i) % this.depth] = now
    this.inFlight += n
    this.socket.write(this.batch.subarray(0, n * this.requestLength))
  }

  /** Counts the answers that are complete and tops the connection up; true: keep reading. */
  private read(chunk: Buffer): true {
    const now = performance.now()
    const buf = this.rest ? Buffer.concat([this.rest, chunk]) : chunk
    const run = this.run
    let pos = 0
    let answered = 0
    for (;;) {
      const headEnd = buf.indexOf(HEAD_END, pos)
      if (headEnd < 0) break
      if (buf[pos] !== H || this.inFlight === 0) {
        this.socket.destroy() // out of step: start afresh
        return true
      }
      const status = (buf[pos + 9]! - 48) * 100 + (buf[pos + 10]! - 48) * 10 + (buf[pos + 11]! - 48)
      const end = bodyEnd(buf, pos, headEnd + 4, status)
      if (end < 0) break
      pos = end
      if (run.measuring) {
        run.statuses[status]!++
        run.histogram.record((now - this.sentAt[this.oldest]!) * 1000)
      }
      this.oldest = (this.oldest + 1) % this.depth
      this.inFlight--
      answered++
    }
    // A copy: the read buffer is reused by the next read.
    this.rest = pos < buf.length ? Buffer.from(buf.subarray(pos)) : undefined
    // Topped up once half have come back, so that one write carries several requests.
    if (answered && run.sending && this.inFlight <= this.depth >> 1) this.send(this.depth - this.inFlight, now)
    return true
  }
}

/** Where the answer whose head spans [start, bodyStart) ends, or -1 if not all of it is here yet. */
function bodyEnd(buf: Buffer, start: number, bodyStart: number, status: number): number {
  // A 304, a 204 and a 1xx have no body: the polls' answers take this path and nothing else.
  if (status === 304 || status === 204 || status < 200) return bodyStart
  const head = buf.toString('latin1', start, bodyStart)
  const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)
  if (length) return bodyStart + Number(length[1]) <= buf.length ? bodyStart + Number(length[1]) : -1
  if (!/\r\ntransfer-encoding:[^\r]*chunked/i.test(head)) return bodyStart
  // Chunked: up to the last (empty) chunk, which a chat's JSON would not contain.
  const last = buf.indexOf(LAST_CHUNK, bodyStart - 2)
  return last < 0 ? -1 : last + LAST_CHUNK.length
}

/** Runs the load for `warmupS` then `seconds` measured, stops sending, and lets what is in flight come back. */
export async function pipelinedLoad(o: LoadOptions): Promise<LoadFigures> {
  const request = Buffer.from(getRequestText(o.path, o.headers), 'latin1')
  const batch = Buffer.concat(Array.from({ length: o.depth }, () => request))
  const run: Run = { measuring: false, sending: true, histogram: new LatencyHistogram(), statuses: new Uint32Array(600), errors: 0 }
  const connections = Array.from({ length: o.connections }, () => new Connection(o.port, batch, request.length, o.depth, run))

  await sleep(o.warmupS * 1000)
  run.measuring = true
  const t0 = performance.now()
  const cpu0 = process.cpuUsage()
  const serverCpu0 = o.cpuMs?.() ?? NaN
  await sleep(o.seconds * 1000)
  run.measuring = false
  const cpu = process.cpuUsage(cpu0)
  const serverCpuMs = (o.cpuMs?.() ?? NaN) - serverCpu0
  const seconds = (performance.now() - t0) / 1000
  run.sending = false
  for (let i = 0; i < 100 && connections.some((c) => c.inFlight > 0); i++) await sleep(20)
  connections.forEach((c) => c.close())

  const statuses = new Map<number, number>()
  run.statuses.forEach((n, status) => n && statuses.set(status, n))
  const total = run.histogram.count
  return {
    seconds,
    statuses,
    errors: run.errors,
    p50: run.histogram.percentileMs(0.5),
    p99: run.histogram.percentileMs(0.99),
    max: run.histogram.maxUs / 1000,
    cpuUsPerRequest: (cpu.user + cpu.system) / Math.max(1, total),
    serverCpuMs,
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
