// @module-tag postgres — PostgreSQL refuses NUL in text: what the engine does with it
// Security probes: a NUL character (\u0000) in any text input is a 400 naming the field (it was a 500
// from the database), and a failed query is logged without its parameters (a password hash, say).
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app'
import { testConfig } from '../../src/config'
import { loggableError } from '../../src/db/errors'
import { openTestDatabase, serveTestApp, signUp, type TestServer } from '../helpers'

const SECRET = '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0c2FsdA$not-for-logs'
const logs: string[] = []
let server: TestServer

beforeAll(async () => {
  // The helpers' server is silent; this one logs into `logs`, as production would to stdout.
  const database = await openTestDatabase()
  const app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream: { write: (line: string) => void logs.push(line) } } })
  // A query that fails with a secret among its parameters, as a failed insert of a user would.
  app.get('/api/test-failing-query', { config: { auth: 'public' } }, async () => app.db.execute(sql`select ${SECRET}::int as n`))
  server = await serveTestApp(app, database)
})
afterAll(() => server.close())

const userCount = async () => {
  const r = await server.database.db.execute(sql`select count(*)::int as n from users`)
  return Number((((r as { rows?: { n: number }[] }).rows ?? (r as unknown as { n: number }[]))[0] as { n: number }).n)
}

describe('NUL characters in input', () => {
  it('in a JSON body field: 400 naming the field, nothing written', async () => {
    const before = await userCount()
    const res = await server.http('POST', '/api/auth/register', {
      json: { firstName: 'Nul\u0000l', lastName: 'Byte', email: 'nul@example.com', password: 'correct horse battery' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ field: 'firstName', error: 'firstName must not contain a NUL character (\\u0000).' })
    expect(await userCount()).toBe(before)
    const login = await server.http('POST', '/api/auth/login', { json: { email: 'a@b.co', password: 'pass\u0000word' } })
    expect(login).toMatchObject({ status: 400, body: { field: 'password' } })
  })

  it('in a nested field, the query string and a URL parameter', async () => {
    const user = await signUp(server)
    const nested = await server.http('PATCH', '/api/user-profile', { token: user.token, json: { address: { street: '1 Main\u0000 St' } } })
    expect(nested).toMatchObject({ status: 400, body: { field: 'address.street' } })
    const query = await server.http('GET', '/api/storages?q=%00garage')
    expect(query).toMatchObject({ status: 400, body: { field: 'q', error: 'q must not contain a NUL character (\\u0000).' } })
    const param = await server.http('GET', '/api/storages/abc%00def')
    expect(param).toMatchObject({ status: 400, body: { field: 'id' } })
  })

  it('in a multipart message field', async () => {
    const a = await signUp(server)
    const b = await signUp(server)
    const form = new FormData()
    form.append('receiverId', b.id)
    form.append('content', 'hello\u0000there')
    const res = await server.http('POST', '/api/messages', { token: a.token, body: form })
    expect(res).toMatchObject({ status: 400, body: { field: 'content' } })
    const json = await server.http('POST', '/api/messages', { token: a.token, json: { receiverId: b.id, content: 'hi\u0000' } })
    expect(json).toMatchObject({ status: 400, body: { field: 'content' } })
  })
})

describe('logging a failed query', () => {
  it('a 500 is logged with the SQL but never its parameters', async () => {
    logs.length = 0
    const res = await server.http('GET', '/api/test-failing-query')
    expect(res.status).toBe(500)
    expect(res.body.error).toBe('Something went wrong on our side. Please try again.')
    const entry = logs.map((l) => JSON.parse(l)).find((l) => l.msg === 'unhandled error')
    expect(entry).toBeTruthy()
    expect(entry.err.query).toContain('::int')
    expect(entry.err.message).toContain('params: [not logged]')
    expect(logs.join('\n')).not.toContain('not-for-logs')
  })

  it('loggableError drops the parameters from message, stack and causes', async () => {
    const err = await server.database.db.execute(sql`select ${SECRET}::int`).catch((e: unknown) => e)
    expect(String((err as Error).message)).toContain('not-for-logs') // what Drizzle would have logged
    expect(JSON.stringify(loggableError(err))).not.toContain('not-for-logs')
    expect(loggableError(err)).toMatchObject({ type: 'DrizzleQueryError', cause: { code: '22P02', message: expect.stringContaining('"…"') } })
  })
})
