import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { accountTokens } from '../../src/db/schema/account-tokens'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { emailedToken, signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'

const ADMIN = 'chief@example.com'
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ adminEmails: [ADMIN], publicUrl: 'https://nook.example/' })
})
afterAll(() => server.close())

const verify = (token: string) => server.http('POST', '/api/auth/verify-email', { json: { token } })
const me = async (token: string) => (await server.http('GET', '/api/user-profile', { token })).body

describe('email verification', () => {
  it('a new account is unverified and gets a link built from PUBLIC_URL, never from the Host header', async () => {
    const res = await server.http('POST', '/api/auth/register', {
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      json: { firstName: 'Vera', email: 'vera@example.com', password: 'verify me please' },
    })
    expect(res.status).toBe(201)
    expect(res.body.user.emailVerified).toBe(false)
    const [mail] = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, 'vera@example.com'))
    expect(mail!.template).toBe('verify-email')
    expect(mail!.text).toMatch(/https:\/\/nook\.example\/verify-email\?token=[A-Za-z0-9_-]{43}/)
    expect(mail!.html + mail!.text).not.toContain('evil.example')
  })

  it('the link verifies the address once; a second use is refused', async () => {
    const u = await signUp(server)
    const token = await emailedToken(server, u.email, 'verify-email')
    const first = await verify(token)
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ ok: true, email: u.email })
    expect((await me(u.token)).emailVerified).toBe(true)
    const again = await verify(token)
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ field: 'token', error: expect.stringMatching(/already used/) })
  })

  it('stores only a hash of the link token', async () => {
    const u = await signUp(server)
    const token = await emailedToken(server, u.email, 'verify-email')
    const rows = await server.database.db.select().from(accountTokens).where(eq(accountTokens.userId, u.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'))
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('refuses unknown, malformed and expired links with a message naming the token', async () => {
    expect((await verify('A'.repeat(43))).body).toMatchObject({ field: 'token', error: expect.stringMatching(/not valid/) })
    const bad = await verify('not a token!')
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('token')
    const u = await signUp(server)
    const token = await emailedToken(server, u.email, 'verify-email')
    await server.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, u.id))
    const expired = await verify(token)
    expect(expired.status).toBe(400)
    expect(expired.body.error).toMatch(/expired/)
    expect((await me(u.token)).emailVerified).toBe(false)
  })

  it('resending makes a new link and kills the old one; verified accounts and floods are refused', async () => {
    const u = await signUp(server)
    const old = await emailedToken(server, u.email, 'verify-email')
    const resend = await server.http('POST', '/api/auth/resend-verification', { token: u.token })
    expect(resend.status).toBe(200)
    const fresh = await emailedToken(server, u.email, 'verify-email')
    expect(fresh).not.toBe(old)
    expect((await verify(old)).status).toBe(400)
    expect((await server.http('POST', '/api/auth/resend-verification')).status).toBe(401)
    for (let i = 0; i < 2; i++) expect((await server.http('POST', '/api/auth/resend-verification', { token: u.token })).status).toBe(200)
    const flood = await server.http('POST', '/api/auth/resend-verification', { token: u.token })
    expect(flood.status).toBe(429)
    expect(Number(flood.headers.get('retry-after'))).toBeGreaterThan(0)
    const v = await signUpVerified(server)
    const done = await server.http('POST', '/api/auth/resend-verification', { token: v.token })
    expect(done.status).toBe(400)
    expect(done.body.error).toMatch(/already verified/)
  })
})

describe('changing the email', () => {
  it('needs the current password, with a clear error on the currentPassword field', async () => {
    const u = await signUpVerified(server)
    const missing = await server.http('PATCH', '/api/user-profile', { token: u.token, json: { email: 'new1@example.com' } })
    expect(missing.status).toBe(400)
    expect(missing.body.field).toBe('currentPassword')
    const wrong = await server.http('PATCH', '/api/user-profile', { token: u.token, json: { email: 'new1@example.com', currentPassword: 'not it at all' } })
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ field: 'currentPassword', error: 'Current password is incorrect.' })
    expect((await me(u.token)).email).toBe(u.email)
    // Other fields need no password.
    expect((await server.http('PATCH', '/api/user-profile', { token: u.token, json: { firstName: 'Renamed', email: u.email } })).status).toBe(200)
  })

  it('a changed email is unverified until its new link is opened; the old link cannot verify it', async () => {
    const u = await signUp(server)
    const oldLink = await emailedToken(server, u.email, 'verify-email')
    const res = await server.http('PATCH', '/api/user-profile', { token: u.token, json: { email: 'moved@example.com', currentPassword: u.password } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ email: 'moved@example.com', emailVerified: false })
    // The old address hears of it, in case it was not its owner who did it.
    const [notice] = await server.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, u.email), eq(emailOutbox.template, 'email-changed')))
    expect(notice!.text).toContain('moved@example.com')
    expect(notice!.text).toContain('https://nook.example/forgot-password')
    expect((await verify(oldLink)).status).toBe(400)
    expect((await me(u.token)).emailVerified).toBe(false)
    expect((await verify(await emailedToken(server, 'moved@example.com', 'verify-email'))).status).toBe(200)
    expect((await me(u.token)).emailVerified).toBe(true)
  })

  it('switching to an ADMIN_EMAILS address gives no admin rights until it is verified', async () => {
    const u = await signUpVerified(server)
    const res = await server.http('PATCH', '/api/user-profile', { token: u.token, json: { email: ADMIN.toUpperCase(), currentPassword: u.password } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ email: ADMIN, isAdmin: false, emailVerified: false })
    expect((await server.http('GET', '/api/admin/leads', { token: u.token })).status).toBe(403)
    expect((await verify(await emailedToken(server, ADMIN, 'verify-email'))).status).toBe(200)
    expect((await me(u.token)).isAdmin).toBe(true)
    expect((await server.http('GET', '/api/admin/leads', { token: u.token })).status).toBe(200)
    // Moving away again: the new address is unproven, and admin rights go with the old one.
    const away = await server.http('PATCH', '/api/user-profile', { token: u.token, json: { email: 'former-chief@example.com', currentPassword: u.password } })
    expect(away.body).toMatchObject({ isAdmin: false, emailVerified: false })
  })
})

describe('the first admin without SMTP', () => {
  it('gets the verification link on the server console, since nobody can read the outbox yet', async () => {
    const { Writable } = await import('node:stream')
    const { buildApp } = await import('../../src/app')
    const { testConfig } = await import('../../src/config')
    const { openTestDatabase } = await import('../helpers')
    const lines: string[] = []
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) })
    const database = await openTestDatabase()
    const app = await buildApp({ config: testConfig({ adminEmails: [ADMIN] }), database, logger: { level: 'warn', stream } })
    try {
      const other = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { firstName: 'O', email: 'someone@example.com', password: 'not an admin here' },
      })
      expect(other.statusCode).toBe(201)
      expect(lines.join('')).not.toContain('verify-email')
      const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { firstName: 'C', email: ADMIN, password: 'the first admin here' } })
      expect(res.statusCode).toBe(201)
      const logged = /http:\/\/localhost:\d+\/verify-email\?token=([\w-]+)/.exec(lines.join(''))
      expect(logged).not.toBeNull()
      const verified = await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: logged![1] } })
      expect(verified.statusCode).toBe(200)
    } finally {
      await app.close()
      await database.close()
    }
  })
})

describe('links on the console', () => {
  /** A fresh app logging at info into `lines`, with the given config (its own database: the logger is set at build). */
  async function appLoggingAtInfo(overrides: Parameters<typeof import('../../src/config').testConfig>[0]) {
    const { Writable } = await import('node:stream')
    const { buildApp } = await import('../../src/app')
    const { testConfig } = await import('../../src/config')
    const { migrateDatabase } = await import('../../src/db/migrate')
    const { openTestDatabase } = await import('../helpers')
    const lines: string[] = []
    const stream = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) })
    const database = await openTestDatabase()
    await migrateDatabase(database)
    const app = await buildApp({ config: testConfig(overrides), database, logger: { level: 'info', stream } })
    return { app, lines, close: async () => (await app.close(), await database.close()) }
  }

  it('without SMTP_URL, a new account’s verification link and a reset link are printed at info, and they work', async () => {
    const { app, lines, close } = await appLoggingAtInfo({})
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { firstName: 'Lou', email: 'lou@example.com', password: 'a local install here' },
      })
      expect(res.statusCode).toBe(201)
      const verify = /"level":30.*Email verification link for lou@example\.com.*\/verify-email\?token=([\w-]+)/.exec(lines.join(''))
      expect(verify).not.toBeNull()
      expect((await app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token: verify![1] } })).statusCode).toBe(200)
      expect((await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'lou@example.com' } })).statusCode).toBe(200)
      // The reset email is sent behind the answer (its timing must not show that the account exists).
      await vi.waitFor(() => expect(lines.join('')).toMatch(/Password reset link for lou@example\.com.*\/reset-password\?token=[\w-]+/))
    } finally {
      await close()
    }
  })

  it('with SMTP_URL, no link is printed: it goes only by email', async () => {
    const { startFakeSmtp } = await import('../fake-smtp')
    const smtp = await startFakeSmtp()
    const { app, lines, close } = await appLoggingAtInfo({ smtpUrl: smtp.url })
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { firstName: 'Sam', email: 'sam@example.com', password: 'a mailed install here' },
      })
      expect(res.statusCode).toBe(201)
      await app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'sam@example.com' } })
      await vi.waitFor(() => expect(smtp.mails.length).toBe(2))
      expect(lines.join('')).not.toMatch(/verify-email\?token|reset-password\?token/)
    } finally {
      await close()
      await smtp.close()
    }
  })
})
