import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
const logLines: Array<Record<string, unknown>> = []
beforeAll(async () => {
  const stream = { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) }
  server = await startTestServer({}, { logger: { level: 'info', stream } })
})
afterAll(() => server.close())
/** Fastify's request log lines written since `from`. */
const requestLines = (from: number) =>
  logLines
    .slice(from)
    .map((l) => l.msg)
    .filter((m) => m === 'incoming request' || m === 'request completed')

describe('an unchanged poll answered by the first onRequest hook', () => {
  it('is a bare 304 with no query, no other hook and no log line, while a changed one goes the whole way', async () => {
    const a = await signUp(server, { firstName: 'Ada' })
    const b = await signUp(server, { firstName: 'Bob' })
    await server.http('POST', '/api/messages', { token: a.token, json: { receiverId: b.id, content: 'Is the loft free?' } })
    const logsAtFirst = logLines.length
    const first = await server.http('GET', `/api/messages/${a.id}`, { token: b.token })
    // The full answer went the whole way: helmet's headers, and logged.
    expect(first.status).toBe(200)
    expect(first.headers.get('x-content-type-options')).toBe('nosniff')
    expect(requestLines(logsAtFirst)).toEqual(['incoming request', 'request completed'])
    const etag = first.headers.get('etag')!
    const queriesBefore = server.database.queryCount()
    const logsBefore = logLines.length
    const again = await server.http('GET', `/api/messages/${a.id}`, { token: b.token, headers: { 'if-none-match': etag } })
    expect(again.status).toBe(304)
    expect(server.database.queryCount() - queriesBefore).toBe(0)
    expect(again.headers.get('etag')).toBe(etag)
    expect(again.headers.get('cache-control')).toBe('private, no-cache')
    expect(again.headers.get('vary')).toBe('Authorization')
    expect(again.headers.get('x-content-type-options')).toBeNull()
    expect(requestLines(logsBefore)).toEqual([])
    // A token the shared parser refuses is no session: the request goes on to the route (a 401).
    const badToken = await server.http('GET', `/api/messages/${a.id}`, { headers: { authorization: 'Bearer short', 'if-none-match': etag } })
    expect(badToken.status).toBe(401)
  })
})

describe('authentication in a preHandler', () => {
  it('a signed-in route without a token answers 401 before its handler', async () => {
    const res = await server.http('GET', '/api/user-profile')
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ statusCode: 401, error: 'Please log in to continue.', message: 'Please log in to continue.' })
    // Declared on the route (config.auth), enforced by plugins/auth.ts: no decorator to hang on a route by hand.
    expect(server.app.hasDecorator('authenticate')).toBe(false)
  })

  it('an admin route answers 401 without a token and 403 to a user who is not an administrator', async () => {
    expect((await server.http('GET', '/api/admin/users')).status).toBe(401)
    const u = await signUp(server)
    const res = await server.http('GET', '/api/admin/users', { token: u.token })
    expect(res.status).toBe(403)
    expect(res.body.message).toBe('Only administrators can do that.')
  })

  it('a public route still answers without a token', async () => {
    expect((await server.http('GET', '/api/health')).status).toBe(200)
  })
})
