// Every /api route declares who may call it (config.auth), and plugins/auth.ts enforces it: 401 without a
// live session, 403 for a user who is not an administrator, admins refused before validation, users after.
import type { FastifyInstance, RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildApp } from '../../src/app'
import { testConfig } from '../../src/config'
import { AUTH_MODES } from '../../src/plugins/auth'
import { openTestDatabase, signUp, startTestServer, type TestServer } from '../helpers'

// An onRoute collector on every app this file builds, added before any plugin: it sees each route as declared.
const collected = vi.hoisted(() => [] as RouteOptions[])
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('fastify')>()
  const create = actual.default as unknown as (...args: unknown[]) => FastifyInstance
  const withCollector = ((...args: unknown[]) => {
    const app = create(...args)
    app.addHook('onRoute', (route: RouteOptions) => void collected.push(route))
    return app
  }) as typeof actual.default
  return { ...actual, default: withCollector }
})

const UNAUTHORIZED = { statusCode: 401, error: 'Please log in to continue.', message: 'Please log in to continue.' }
const FORBIDDEN = { statusCode: 403, error: 'Only administrators can do that.', message: 'Only administrators can do that.' }
const ID = '00000000-0000-4000-8000-000000000000'

let server: TestServer
let user: Awaited<ReturnType<typeof signUp>>
let declared: RouteOptions[] = []
beforeAll(async () => {
  server = await startTestServer()
  declared = collected.splice(0) // this server's routes (a later test builds an app of its own)
  user = await signUp(server)
})
afterAll(() => server.close())

const apiRoutes = () => declared.filter((r) => r.url.startsWith('/api/') && r.method !== 'HEAD')
const routesIn = (mode: string) => apiRoutes().filter((r) => r.config?.auth === mode)
/** A path to call: every parameter a well-formed id (admin routes refuse before reading it anyway). */
const pathOf = (url: string) => url.replace(/:\w+/g, ID)

describe('every route declares who may call it', () => {
  it('walks every /api route: each says public, optional, user or admin', () => {
    const routes = apiRoutes()
    expect(routes.length).toBeGreaterThan(100)
    const undeclared = routes.filter((r) => !AUTH_MODES.includes(r.config?.auth as never)).map((r) => `${String(r.method)} ${r.url}`)
    expect(undeclared).toEqual([])
    const counts = Object.fromEntries(AUTH_MODES.map((mode) => [mode, routesIn(mode).length]))
    console.info('routes per auth mode:', JSON.stringify(counts))
    for (const mode of AUTH_MODES) expect(counts[mode], mode).toBeGreaterThan(0)
  })

  it('an /api route without config.auth stops the app from starting; outside /api it is not asked', async () => {
    const database = await openTestDatabase()
    const app = await buildApp({ config: testConfig(), database })
    try {
      expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow(/GET \/api\/forgotten must declare config\.auth/)
      expect(() => app.get('/api/typo', { config: { auth: 'users' as never } }, async () => ({}))).toThrow(/not users/)
      expect(() => app.get('/not-api', async () => ({ ok: true }))).not.toThrow()
    } finally {
      await app.close()
      await database.close()
    }
  })
})

describe('the declared mode is enforced', () => {
  it('every admin route: 401 without a session, 403 for a user, whatever the input', async () => {
    const routes = routesIn('admin')
    expect(routes.length).toBeGreaterThan(25)
    for (const route of routes) {
      const method = String(route.method)
      const json = method === 'GET' ? undefined : { unexpected: 'x'.repeat(3000) }
      for (const path of [pathOf(route.url), route.url.replace(/:\w+/g, 'not-an-id')]) {
        const anonymous = await server.http(method, path, { json })
        expect([anonymous.status, anonymous.body], `${method} ${path}`).toEqual([401, UNAUTHORIZED])
        const notAdmin = await server.http(method, path, { json, token: user.token })
        expect([notAdmin.status, notAdmin.body], `${method} ${path}`).toEqual([403, FORBIDDEN])
      }
    }
  })

  it('a sample of user routes: 401 without a session, or with a malformed, unknown or signed-out token', async () => {
    const gone = await signUp(server)
    expect((await server.http('POST', '/api/auth/logout', { token: gone.token, json: {} })).status).toBe(200)
    const sample = ['/api/user-profile', '/api/bookings', '/api/saved-searches', '/api/dashboard/host', `/api/evidence/with/${ID}`, '/api/statements']
    for (const path of sample) {
      expect(
        routesIn('user').some((r) => r.method === 'GET' && pathOf(r.url) === path),
        path,
      ).toBe(true)
      for (const headers of [
        {} as Record<string, string>,
        { authorization: 'Bearer short' },
        { authorization: `Bearer ${'x'.repeat(40)}` },
        { authorization: `Bearer ${gone.token}` },
      ]) {
        const res = await server.http('GET', path, { headers })
        expect([res.status, res.body], `${path} ${JSON.stringify(headers)}`).toEqual([401, UNAUTHORIZED])
      }
      expect((await server.http('GET', path, { token: user.token })).status, path).toBe(200)
    }
  })

  it('a user route checks the session after validation, as before: a bad body without a session is a 400', async () => {
    const res = await server.http('POST', '/api/saved-searches', { json: {} })
    expect(res).toMatchObject({ status: 400, body: { field: 'query' } })
    expect((await server.http('POST', '/api/saved-searches', { json: { query: 'q=attic' } })).status).toBe(401)
  })

  it('public and optional routes answer without a session', async () => {
    expect((await server.http('GET', '/api/health')).status).toBe(200)
    expect((await server.http('GET', '/api/storages')).status).toBe(200)
    expect((await server.http('GET', '/api/blog-posts')).status).toBe(200)
  })
})
