// A lean HTTP/1.1 client for the polling benchmark: keep-alive sockets, one request at a time each,
// requests written as prebuilt text and answers parsed just enough (status, ETag, body length). Node's
// http client costs more CPU per request than the server's 304 does; on a shared machine it, not the
// server, would set the pace.
import net from 'node:net'

export interface RawAnswer {
  status: number
  etag?: string
}

interface Job {
  request: string
  resolve: (a: RawAnswer) => void
}

class Connection {
  private socket: net.Socket
  private buf: Buffer = Buffer.alloc(0)
  private head?: RawAnswer & { length: number }
  job?: Job
  closed = false

  constructor(
    port: number,
    private readonly done: (c: Connection) => void,
  ) {
    this.socket = net.connect({ port, host: '127.0.0.1', noDelay: true })
    this.socket.on('data', (chunk) => this.read(chunk))
    const fail = () => {
      if (this.closed) return
      this.closed = true
      const job = this.job
      this.job = undefined
      job?.resolve({ status: 0 })
      this.done(this)
    }
    this.socket.on('error', fail)
    this.socket.on('close', fail)
  }

  close() {
    this.closed = true
    this.socket.destroy()
  }

  send(job: Job) {
    this.job = job
    this.socket.write(job.request)
  }

  private read(chunk: Buffer) {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk
    if (!this.head) {
      const end = this.buf.indexOf('\r\n\r\n')
      if (end < 0) return
      const text = this.buf.toString('latin1', 0, end)
      this.head = {
        status: Number(text.slice(9, 12)),
        etag: /\r\netag: ([^\r]*)/i.exec(text)?.[1],
        length: Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? 0),
      }
      this.buf = this.buf.subarray(end + 4)
    }
    if (this.buf.length < this.head.length) return
    this.buf = this.buf.subarray(this.head.length)
    const { status, etag } = this.head
    this.head = undefined
    const job = this.job
    this.job = undefined
    job?.resolve({ status, etag })
    this.done(this)
  }
}

/** The text of a keep-alive GET to the local server, as a client would write it. */
export function getRequestText(path: string, headers: Record<string, string>): string {
  let request = `GET ${path} HTTP/1.1\r\nhost: 127.0.0.1\r\n`
  for (const [k, v] of Object.entries(headers)) request += `${k}: ${v}\r\n`
  return request + '\r\n'
}

export class RawHttpPool {
  private readonly idle: Connection[] = []
  private readonly queue: Job[] = []
  private open = 0

  constructor(
    private readonly port: number,
    private readonly size: number,
  ) {}

  get(path: string, headers: Record<string, string>): Promise<RawAnswer> {
    const request = getRequestText(path, headers)
    return new Promise((resolve) => {
      this.queue.push({ request, resolve })
      this.pump()
    })
  }

  private pump() {
    while (this.queue.length) {
      let conn = this.idle.pop()
      if (!conn) {
        if (this.open >= this.size) return
        this.open++
        conn = new Connection(this.port, (c) => this.release(c))
      }
      conn.send(this.queue.shift()!)
    }
  }

  private release(c: Connection) {
    if (c.closed) {
      const i = this.idle.indexOf(c)
      if (i >= 0) this.idle.splice(i, 1)
      this.open--
    } else this.idle.push(c)
    this.pump()
  }

  destroy() {
    for (const c of this.idle) c.close()
  }
}
