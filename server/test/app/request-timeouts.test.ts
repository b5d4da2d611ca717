// Security probe: a client that sends its headers and then trickles the body (or the headers) must not
// hold a connection for Node's default 300 s; keep-alive and ordinary requests still work.
import { connect, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ requestTimeoutMs: 1_000, headersTimeoutMs: 600 })
})
afterAll(() => server.close())

const port = () => Number(new URL(server.base).port)

/** Opens a socket, writes `head`, then one byte every 100 ms; resolves with what came back and when the server closed it. */
function trickle(head: string, drip: string): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const socket: Socket = connect(port(), '127.0.0.1', () => socket.write(head))
    let answer = ''
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) socket.write(drip)
    }, 100)
    const give = setTimeout(() => reject(new Error('the server kept the trickling connection for 10 s')), 10_000)
    socket.on('data', (d) => (answer += d.toString()))
    socket.on('error', () => {}) // a reset is a close too
    socket.on('close', () => {
      clearInterval(timer)
      clearTimeout(give)
      resolve({ answer, closedAfterMs: Date.now() - started })
    })
  })
}

describe('request time limits', () => {
  it('cuts off a body that trickles after the headers, well before 300 s', async () => {
    const head = 'POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"email":"'
    const { answer, closedAfterMs } = await trickle(head, 'a')
    expect(closedAfterMs).toBeLessThan(5_000)
    // Node answers 408 when it can; a plain close is fine too.
    if (answer) expect(answer).toMatch(/^HTTP\/1\.1 408/)
  })

  it('cuts off headers that trickle', async () => {
    const { closedAfterMs } = await trickle('GET /api/health HTTP/1.1\r\nHost: localhost\r\n', 'X')
    expect(closedAfterMs).toBeLessThan(5_000)
  })

  it('keep-alive still works: a connection idle longer than the request limit serves the next request', async () => {
    const socket = connect(port(), '127.0.0.1')
    await new Promise((r) => socket.once('connect', r))
    let received = ''
    socket.on('data', (d) => (received += d.toString()))
    const ask = () => socket.write('GET /api/storages?limit=1 HTTP/1.1\r\nHost: localhost\r\nAccept: application/json\r\n\r\n')
    ask()
    await expect.poll(() => received.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(1)
    // Longer than both limits, idle between requests: not a slow request.
    await new Promise((r) => setTimeout(r, 1_500))
    expect(socket.destroyed).toBe(false)
    ask()
    await expect.poll(() => received.match(/HTTP\/1\.1 200/g)?.length ?? 0).toBe(2)
    socket.destroy()
  })

  it('an ordinary request with a body is answered', async () => {
    const u = await signUp(server)
    expect((await server.http('POST', '/api/auth/login', { json: { email: u.email, password: u.password } })).status).toBe(200)
  })
})
