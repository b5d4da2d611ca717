import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountTokens } from '../../src/db/schema/account-tokens'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { emailedToken, signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ publicUrl: 'https://nook.example' })
})
afterAll(() => server.close())

const forgot = (email: string, headers?: Record<string, string>) => server.http('POST', '/api/auth/forgot-password', { json: { email }, headers })
const reset = (token: string, newPassword: string) => server.http('POST', '/api/auth/reset-password', { json: { token, newPassword } })
const check = (token: string) => server.http('POST', '/api/auth/reset-password/check', { json: { token } })
const login = (email: string, password: string) => server.http('POST', '/api/auth/login', { json: { email, password } })
const resetMails = async (to: string) =>
  server.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.template, 'reset-password')))

describe('forgot password', () => {
  it('answers the same for an account and for an unknown address, and emails only the account', async () => {
    const u = await signUp(server)
    const known = await forgot(u.email.toUpperCase())
    const unknown = await forgot('nobody-here@example.com')
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(200)
    expect(known.body).toEqual(unknown.body)
    const token = await emailedToken(server, u.email, 'reset-password')
    const [mail] = await resetMails(u.email)
    expect(mail!.text).toContain(`https://nook.example/reset-password?token=${token}`)
    expect(mail!.text).toMatch(/expires in 1 hour/)
    expect(await resetMails('nobody-here@example.com')).toHaveLength(0)
  })

  it('resetting sets the new password, ends every session, and the link works only once', async () => {
    const u = await signUp(server)
    const second = (await login(u.email, u.password)).body.token
    await forgot(u.email)
    const token = await emailedToken(server, u.email, 'reset-password')
    const res = await reset(token, 'a fresh new secret')
    expect(res.status).toBe(200)
    for (const t of [u.token, second]) expect((await server.http('GET', '/api/user-profile', { token: t })).status).toBe(401)
    expect((await login(u.email, u.password)).status).toBe(401)
    expect((await login(u.email, 'a fresh new secret')).status).toBe(200)
    const again = await reset(token, 'yet another secret')
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ field: 'token', error: expect.stringMatching(/already used/) })
    expect((await login(u.email, 'yet another secret')).status).toBe(401)
  })

  it('the page can ask whether a link is still good: yes before use (and asking does not spend it), no once used', async () => {
    const u = await signUp(server)
    await forgot(u.email)
    const token = await emailedToken(server, u.email, 'reset-password')
    expect((await check(token)).status).toBe(200)
    expect((await check(token)).status).toBe(200)
    expect((await reset(token, 'a fresh new secret')).status).toBe(200)
    const used = await check(token)
    expect(used.status).toBe(400)
    expect(used.body).toMatchObject({ field: 'token', error: expect.stringMatching(/already used/) })
    const unknown = await check('A'.repeat(43))
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({ field: 'token', error: expect.stringMatching(/not valid/) })
    expect((await server.http('POST', '/api/auth/reset-password/check', { json: {} })).body).toMatchObject({ field: 'token' })
  })

  it('the link expires after 1 hour', async () => {
    const u = await signUp(server)
    await forgot(u.email)
    const token = await emailedToken(server, u.email, 'reset-password')
    const [row] = await server.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.userId, u.id), eq(accountTokens.purpose, 'reset-password')))
    // Expiry is set by the server's clock, creation by the database's: equal to within a few seconds.
    expect(Math.abs(row!.expiresAt.getTime() - row!.createdAt.getTime() - 60 * 60 * 1000)).toBeLessThan(5_000)
    // An hour later (moved in the database rather than waited for).
    await server.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.id, row!.id))
    const res = await reset(token, 'too late for this')
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ field: 'token', error: expect.stringMatching(/expired/) })
    expect((await login(u.email, u.password)).status).toBe(200)
  })

  it('applies the sign-up password rules, without spending the link', async () => {
    const u = await signUp(server, { firstName: 'Roberta' })
    await forgot(u.email)
    const token = await emailedToken(server, u.email, 'reset-password')
    const short = await reset(token, 'short')
    expect(short.status).toBe(400)
    expect(short.body.field).toBe('newPassword')
    const common = await reset(token, 'password123')
    expect(common.status).toBe(400)
    expect(common.body).toMatchObject({ field: 'newPassword', error: expect.stringMatching(/too common/) })
    expect((await reset(token, 'roberta')).body.field).toBe('newPassword')
    const guessable = await reset(token, 'Roberta2024!')
    expect(guessable.body).toMatchObject({ field: 'newPassword', error: expect.stringMatching(/too easy to guess/) })
    // Refused as on sign-up: the name with a year, a season with a year, a famous passphrase.
    const named = await reset(token, 'Roberta User 2026')
    expect(named.body).toMatchObject({ field: 'newPassword', error: expect.stringMatching(/^newPassword is too easy to guess: it is mostly your name/) })
    expect((await reset(token, 'Summer2026!!')).body).toMatchObject({ field: 'newPassword', error: expect.stringMatching(/too easy to guess/) })
    expect((await reset(token, 'correcthorsebatterystaple')).body).toMatchObject({ field: 'newPassword', error: expect.stringMatching(/too common/) })
    expect((await reset(token, 'a good long phrase')).status).toBe(200)
  })

  it('stores only a hash, and a newer link replaces the older one', async () => {
    const u = await signUp(server)
    await forgot(u.email)
    const first = await emailedToken(server, u.email, 'reset-password')
    const rows = await server.database.db.select().from(accountTokens).where(eq(accountTokens.userId, u.id))
    expect(rows.some((r) => r.tokenHash === createHash('sha256').update(first).digest('hex'))).toBe(true)
    expect(JSON.stringify(rows)).not.toContain(first)
    const since = new Date()
    await forgot(u.email)
    const second = await emailedToken(server, u.email, 'reset-password', since)
    expect(second).not.toBe(first)
    expect((await reset(first, 'first link secret')).status).toBe(400)
    expect((await reset(second, 'second link secret')).status).toBe(200)
  })

  it('sends at most 3 emails an hour to one address, answering the same; an IP flood gets 429', async () => {
    const limited = await startTestServer()
    try {
      const u = await signUp(limited)
      for (let i = 0; i < 5; i++) {
        const res = await limited.http('POST', '/api/auth/forgot-password', { json: { email: u.email } })
        expect(res.status).toBe(200)
        expect(res.body).toEqual({ ok: true })
      }
      // Sending is not awaited by the answer (it would show the account exists): wait for the mails.
      const resetMails = async () => (await limited.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'reset-password'))).length
      await expect.poll(resetMails).toBe(3)
      for (let i = 0; i < 5; i++) await limited.http('POST', '/api/auth/forgot-password', { json: { email: `other${i}@example.com` } })
      const flood = await limited.http('POST', '/api/auth/forgot-password', { json: { email: 'one-more@example.com' } })
      expect(flood.status).toBe(429)
      expect(flood.body.error).toMatch(/Too many reset requests/)
    } finally {
      await limited.close()
    }
  })
})
