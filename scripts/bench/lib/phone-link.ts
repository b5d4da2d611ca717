// A simulated phone link between the browser and the app: a TCP proxy whose two directions are each one
// shared link (all connections of the phone queue on it) with a bandwidth and half the round-trip
// latency. CDP network emulation does not reach the fetches a service worker makes (the page's emulation
// is another target's; the worker target's Network.emulateNetworkConditions and ...ByRule are accepted
// and have no effect in Chromium 156), and every API call of the app goes through its worker: shaping
// the socket throttles those and the page's own requests alike.
import net from 'node:net'

export interface LinkConditions {
  /** Round trip, ms. */
  latency: number
  /** Bytes per second. */
  downloadThroughput: number
  uploadThroughput: number
}

const PIECE = 16 * 1024

/**
 * One direction: bytes leave in order, at `rate` bytes/s, and arrive `delayMs` later, in the order sent.
 * One queue and one timer deliver them: a timer per piece could fire out of order (Node keeps timers by
 * duration from the loop's cached clock, while the arrival times come from performance.now()), and a
 * piece overtaking the one before it corrupts the HTTP stream.
 */
class Direction {
  private nextFree = 0
  private readonly queue: { at: number; deliver: () => void }[] = []
  private timer: NodeJS.Timeout | undefined
  constructor(
    private readonly rate: number,
    private readonly delayMs: number,
  ) {}
  send(deliver: () => void, bytes: number) {
    const now = performance.now()
    const start = Math.max(now, this.nextFree)
    this.nextFree = start + (bytes / this.rate) * 1000
    this.queue.push({ at: this.nextFree + this.delayMs, deliver })
    if (!this.timer) this.schedule()
  }
  private schedule() {
    const first = this.queue[0]
    this.timer = first ? setTimeout(() => this.drain(), Math.max(0, first.at - performance.now())) : undefined
  }
  private drain() {
    const now = performance.now()
    while (this.queue.length && this.queue[0]!.at <= now + 0.5) this.queue.shift()!.deliver()
    this.schedule()
  }
}

export async function startPhoneLink(targetPort: number, conditions: LinkConditions): Promise<{ port: number; close(): Promise<void> }> {
  const down = new Direction(conditions.downloadThroughput, conditions.latency / 2)
  const up = new Direction(conditions.uploadThroughput, conditions.latency / 2)
  const sockets = new Set<net.Socket>()
  const pipe = (from: net.Socket, to: net.Socket, direction: Direction) => {
    from.on('data', (chunk: Buffer) => {
      for (let i = 0; i < chunk.length; i += PIECE) {
        const piece = chunk.subarray(i, i + PIECE)
        direction.send(() => {
          if (!to.destroyed) to.write(piece)
        }, piece.length)
      }
    })
    from.on('end', () => direction.send(() => to.end(), 0))
    from.on('error', () => to.destroy())
    from.on('close', () => direction.send(() => to.end(), 0))
  }
  const server = net.createServer((client) => {
    client.setNoDelay(true)
    const upstream = net.connect({ port: targetPort, host: '127.0.0.1', noDelay: true })
    sockets.add(client).add(upstream)
    client.on('close', () => sockets.delete(client))
    upstream.on('close', () => sockets.delete(upstream))
    pipe(client, upstream, up)
    pipe(upstream, client, down)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as net.AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
