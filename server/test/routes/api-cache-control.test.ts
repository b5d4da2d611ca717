import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('caching of API answers', () => {
  it('an answer to a request with a bearer token is private and never stored, errors included', async () => {
    const u = await signUp(server)
    const ok = await server.http('GET', '/api/user-profile', { token: u.token })
    expect(ok.status).toBe(200)
    expect(ok.headers.get('cache-control')).toBe('private, no-store')
    const bad = await server.http('GET', '/api/user-profile', { token: 'x'.repeat(43) })
    expect(bad.status).toBe(401)
    expect(bad.headers.get('cache-control')).toBe('private, no-store')
  })

  it('an anonymous API answer is left to its route', async () => {
    const res = await server.http('GET', '/api/health')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBeNull()
  })
})
