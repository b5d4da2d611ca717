import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

describe('bad input', () => {
  it('malformed JSON is a 400 with a message, not a 500', async () => {
    const res = await server.http('POST', '/api/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('The request body is not valid JSON.')
  })

  it('a missing field is named', async () => {
    const res = await server.http('POST', '/api/auth/register', { json: { email: 'a@b.co', password: 'long enough pass' } })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ field: 'firstName', error: 'firstName is required' })
  })

  it('a wrong-typed field is named', async () => {
    const res = await server.http('POST', '/api/auth/login', { json: { email: ['a@b.co'], password: 'x' } })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('email')
  })

  it('an oversize body is a 413', async () => {
    const res = await server.http('POST', '/api/auth/login', { json: { email: 'a@b.co', password: 'x'.repeat(2 * 1024 * 1024) } })
    expect(res.status).toBe(413)
    expect(res.body.error).toMatch(/too large/)
  })

  it('an unknown API route is a JSON 404', async () => {
    const res = await server.http('GET', '/api/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.body.error).toMatch(/not found/)
  })

  it('health names the database', async () => {
    const res = await server.http('GET', '/api/health')
    expect(res.body).toEqual({ ok: true, db: process.env.DATABASE_URL ? 'postgres' : 'pglite' })
  })
})
