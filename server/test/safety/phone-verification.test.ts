// Phone verification: a 6-digit code texted through the SMS provider (the outbox stand-in here), stored
// hashed, valid 10 minutes and for 5 tries; sends are rate limited.
import { and, desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TRUST_ERRORS } from '@contract/trust'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { loginFailures } from '../../src/db/schema/login-attempts'
import { userVerifications } from '../../src/db/schema/user-verifications'
import { signUp, startTestServer, type TestServer } from '../helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
}, 240_000)
afterAll(() => server.close())

const start = (token: string, phone: string) => server.http('POST', '/api/verifications/phone/start', { token, json: { phone } })
const check = (token: string, code: string) => server.http('POST', '/api/verifications/phone/check', { token, json: { code } })
async function textedCode(to: string) {
  const [row] = await server.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.template, 'sms-phone-code')))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1)
  return /\b(\d{6})\b/.exec(row!.text)![1]!
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const badges = async (token: string, id: string) => (await server.http('GET', `/api/verifications/users/${id}`, { token })).body.verifications

describe('phone verification', () => {
  it('texts a code to the outbox, stores only its hash, and the right code sets the badge', async () => {
    const u = await signUp(server)
    expect((await start(u.token, 'not a phone')).status).toBe(400)
    const sent = await start(u.token, '(416) 555-0142')
    expect(sent.status).toBe(200)
    expect(sent.body.phone).toBe('+1••••••0142')
    const code = await textedCode('+14165550142')
    const [row] = await server.database.db.select().from(userVerifications).where(eq(userVerifications.userId, u.id))
    expect(row!.codeHash).not.toContain(code)
    expect(JSON.stringify(row)).not.toContain(code)
    expect(await badges(u.token, u.id)).toEqual({ email: false, phone: false, id: false })

    const bad = await check(u.token, wrong(code))
    expect(bad.status).toBe(400)
    expect(bad.body.error).toBe(TRUST_ERRORS.codeWrong)
    const ok = await check(u.token, code)
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ verified: true, number: '+1••••••0142', pending: null })
    expect(await badges(u.token, u.id)).toEqual({ email: false, phone: true, id: false })
    // The code is used up.
    expect((await check(u.token, code)).body.error).toBe(TRUST_ERRORS.noCode)
  })

  it('allows 5 tries per code: the 5th wrong one voids it, even the right code after', async () => {
    const u = await signUp(server)
    await start(u.token, '+44 20 7946 0958')
    const code = await textedCode('+442079460958')
    for (let i = 0; i < 4; i++) expect((await check(u.token, wrong(code))).status).toBe(400)
    expect((await check(u.token, wrong(code))).status).toBe(429)
    const after = await check(u.token, code)
    expect(after.status).toBe(429)
    expect(after.body.error).toBe(TRUST_ERRORS.codeTries)
    expect((await badges(u.token, u.id)).phone).toBe(false)
  })

  it('expires a code after 10 minutes', async () => {
    const u = await signUp(server)
    await start(u.token, '4165550143')
    const code = await textedCode('+14165550143')
    const [sent] = await server.database.db.select().from(userVerifications).where(eq(userVerifications.userId, u.id))
    expect(Math.abs(sent!.codeExpiresAt!.getTime() - (Date.now() + 10 * 60_000))).toBeLessThan(30_000)
    await server.database.db
      .update(userVerifications)
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(userVerifications.userId, u.id))
    const late = await check(u.token, code)
    expect(late.status).toBe(400)
    expect(late.body.error).toBe(TRUST_ERRORS.codeExpired)
    expect((await badges(u.token, u.id)).phone).toBe(false)
  })

  it('sends at most 3 codes an hour per account', async () => {
    await server.database.db.delete(loginFailures)
    const u = await signUp(server)
    for (let i = 0; i < 3; i++) expect((await start(u.token, `416555015${i}`)).status).toBe(200)
    const refused = await start(u.token, '4165550159')
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatch(/try again in/)
    expect(await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, '+14165550159'))).toEqual([])
  })
})
