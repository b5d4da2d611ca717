// Test harness: each test file gets its own copy of a database migrated once per run (global-setup.ts):
// PGlite in memory loaded from the template's tarball, or on the PostgreSQL named by DATABASE_URL a database
// cloned from the template database; then the real app listening on a random port, and a tiny HTTP client.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { inject } from 'vitest'
import { buildApp, type BuildAppOptions } from '../src/app'
import { testConfig, type Config } from '../src/config'
import { openDatabase, type Database, type OpenDatabaseOptions } from '../src/db/client'
import { migrateDatabase } from '../src/db/migrate'

/** A database that counts what it was asked: Drizzle's statements (its logger) and hand-written `query`s. */
export interface CountedDatabase extends Database {
  /** How many statements so far (tests count the queries of a request). */
  queryCount(): number
}

export async function openCountedDatabase(opts: OpenDatabaseOptions): Promise<CountedDatabase> {
  let queries = 0
  const database = await openDatabase({ ...opts, logger: { logQuery: () => void queries++ } })
  const query = database.query
  return {
    ...database,
    query: <T>(text: string, params?: unknown[], o?: { prepare?: boolean }) => (queries++, query<T>(text, params, o)),
    queryCount: () => queries,
  }
}

/** A migrated database of the test file's own (a copy of the run's template; migrated here when there is none). */
export async function openTestDatabase(): Promise<CountedDatabase> {
  const url = process.env.DATABASE_URL
  if (!url) {
    const template = inject('pgliteTemplate')
    if (template) return openCountedDatabase({ dataDir: 'memory://', loadDataDir: new Blob([await readFile(template)]) })
    const database = await openCountedDatabase({ dataDir: 'memory://' })
    await migrateDatabase(database)
    return database
  }
  const { Client } = await import('pg')
  const name = `nookshare_test_${randomBytes(6).toString('hex')}`
  const template = inject('postgresTemplate')
  const admin = new Client({ connectionString: url })
  await admin.connect()
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = await openCountedDatabase({ databaseUrl: target.toString(), dataDir: '' })
  if (!template) await migrateDatabase(database)
  return {
    ...database,
    async close() {
      await database.close()
      const again = new Client({ connectionString: url })
      await again.connect()
      await again.query(`drop database if exists ${name} with (force)`)
      await again.end()
    },
  }
}

export interface HttpResult<T = any> {
  status: number
  body: T
  headers: Headers
}

export interface TestServer {
  base: string
  database: CountedDatabase
  app: Awaited<ReturnType<typeof buildApp>>
  http<T = any>(
    method: string,
    path: string,
    opts?: { token?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> },
  ): Promise<HttpResult<T>>
  close(): Promise<void>
}

export async function startTestServer(overrides: Partial<Config> = {}, options: Pick<BuildAppOptions, 'push' | 'logger'> = {}): Promise<TestServer> {
  const database = await openTestDatabase()
  const app = await buildApp({ config: testConfig(overrides), database, ...options })
  return serveTestApp(app, database)
}

/**
 * Puts a built app on a random port with the tiny HTTP client: for a test that builds its own app (its own
 * logger, an extra route, several instances over one database). `close` closes the app, and the database
 * too unless the test keeps it (`keepDatabase`).
 */
export async function serveTestApp(app: TestServer['app'], database: CountedDatabase, { keepDatabase = false } = {}): Promise<TestServer> {
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  const base = `http://127.0.0.1:${port}`
  return {
    base,
    database,
    app,
    async http(method, path, opts = {}) {
      const headers: Record<string, string> = { accept: 'application/json', ...opts.headers }
      if (opts.token) headers.authorization = `Bearer ${opts.token}`
      let body = opts.body
      if (opts.json !== undefined) {
        headers['content-type'] = 'application/json'
        body = JSON.stringify(opts.json)
      }
      const res = await fetch(`${base}${path}`, { method, headers, body })
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : undefined
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: parsed as any, headers: res.headers }
    },
    async close() {
      await app.close()
      if (!keepDatabase) await database.close()
    },
  }
}

let counter = 0
/** Registers a fresh user and returns its token and id. */
export async function signUp(server: TestServer, fields: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {}) {
  const email = fields.email ?? `user${Date.now()}${counter++}@example.com`
  const password = fields.password ?? 'correct horse battery'
  const res = await server.http('POST', '/api/auth/register', {
    json: { firstName: fields.firstName ?? 'Test', lastName: fields.lastName ?? 'User', email, password },
  })
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`)
  return { token: res.body.token as string, id: res.body.user._id as string, email, password, user: res.body.user }
}

/**
 * The token of the newest emailed link of this kind to this address, read from the outbox (waits for it:
 * some emails are sent after the answer).
 */
export async function emailedToken(server: TestServer, to: string, template: 'verify-email' | 'reset-password', after?: Date): Promise<string> {
  const { emailOutbox } = await import('../src/db/schema/email-outbox')
  const { and, desc, eq, gt } = await import('drizzle-orm')
  for (let i = 0; i < 200; i++) {
    const where = and(eq(emailOutbox.to, to), eq(emailOutbox.template, template), after ? gt(emailOutbox.createdAt, after) : undefined)
    const [row] = await server.database.db.select().from(emailOutbox).where(where).orderBy(desc(emailOutbox.createdAt)).limit(1)
    const token = row && /[?&]token=([A-Za-z0-9_-]+)/.exec(row.text)?.[1]
    if (token) return token
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`no ${template} email to ${to}`)
}

/** Signs up and opens the verification link, as the owner of the address would (ADMIN_EMAILS needs it). */
export async function signUpVerified(server: TestServer, fields: Parameters<typeof signUp>[1] = {}) {
  const u = await signUp(server, fields)
  const res = await server.http('POST', '/api/auth/verify-email', { json: { token: await emailedToken(server, u.email, 'verify-email') } })
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`)
  return u
}

/**
 * Verifies the signed-in user's email through the real flow (the link emailed at sign-up, read from the
 * outbox), unless it is already verified: booking requests and published listings need it.
 */
export async function verifyEmailOf(server: TestServer, token: string) {
  const me = await server.http('GET', '/api/user-profile', { token })
  if (me.status !== 200) throw new Error(`profile failed: ${me.status}`)
  if (me.body.emailVerified) return
  const res = await server.http('POST', '/api/auth/verify-email', { json: { token: await emailedToken(server, me.body.email, 'verify-email') } })
  if (res.status !== 200) throw new Error(`verification failed: ${res.status} ${JSON.stringify(res.body)}`)
}
