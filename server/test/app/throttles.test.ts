// @module-tag postgres — throttle counters in the database under parallel requests
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loginFailures } from '../../src/db/schema/login-attempts'
import { emailedToken, signUp, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(() => server.close())

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort()
const count = (list: number[], status: number) => list.filter((s) => s === status).length
/** Repeats a refused-looking request until it gets 429; returns how many answered `status` first. */
async function untilRefused(send: () => Promise<{ status: number }>, status: number) {
  for (let n = 0; n <= 10; n++) {
    const res = await send()
    if (res.status === 429) return n
    expect(res.status).toBe(status)
  }
  throw new Error('never refused')
}

describe('sign-in throttle', () => {
  it('12 concurrent wrong passwords: at most 5 are checked, the rest get 429', async () => {
    const u = await signUp(server)
    const results = statuses(
      await Promise.all(Array.from({ length: 12 }, () => server.http('POST', '/api/auth/login', { json: { email: u.email, password: 'a wrong guess' } }))),
    )
    expect(count(results, 401)).toBeLessThanOrEqual(5)
    expect(count(results, 401) + count(results, 429)).toBe(12)
    // Refused attempts did not count; one by one, the guesses checked in all come to exactly 5.
    const checked =
      count(results, 401) + (await untilRefused(() => server.http('POST', '/api/auth/login', { json: { email: u.email, password: 'a wrong guess' } }), 401))
    expect(checked).toBe(5)
    // The right password is refused too until the window passes.
    expect((await server.http('POST', '/api/auth/login', { json: { email: u.email, password: u.password } })).status).toBe(429)
  })
})

describe('sign-in throttle per account and client', () => {
  let proxied: TestServer
  beforeAll(async () => {
    // Behind one proxy hop, X-Forwarded-For names the client: each test IP is its own client.
    proxied = await startTestServer({ trustProxy: 1 })
  })
  afterAll(() => proxied.close())
  const login = (ip: string, email: string, password: string) =>
    proxied.http('POST', '/api/auth/login', { headers: { 'x-forwarded-for': ip }, json: { email, password } })

  it('an attacker’s five wrong passwords from another IP do not lock the owner out', async () => {
    const owner = await signUp(proxied)
    expect(await untilRefused(() => login('198.51.100.7', owner.email, 'a wrong guess'), 401)).toBe(5)
    expect((await login('198.51.100.7', owner.email, owner.password)).status).toBe(429)
    expect((await login('203.0.113.20', owner.email, owner.password)).status).toBe(200)
  })

  it('wrong passwords from many addresses slow the account down gently (429, Retry-After of seconds), never lock it', async () => {
    const owner = await signUp(proxied)
    const email = owner.email.toLowerCase()
    /** Dates the account's failures `seconds` ago: time passes (or not, on a slow machine) without sleeping. */
    const failedAgo = (seconds: number) =>
      proxied.database.db
        .update(loginFailures)
        .set({ createdAt: sql`now() - make_interval(secs => ${seconds})` })
        .where(and(eq(loginFailures.action, 'login'), eq(loginFailures.email, email)))
    // Ten addresses, one wrong guess each: under every per-address limit, all are checked.
    for (let i = 1; i <= 10; i++) expect((await login(`192.0.2.${i}`, owner.email, 'a wrong guess')).status).toBe(401)
    // The eleventh, from yet another address, waits a second after the latest failure.
    await failedAgo(0)
    const slowed = await login('192.0.2.11', owner.email, 'a wrong guess')
    expect(slowed.status).toBe(429)
    expect(slowed.headers.get('retry-after')).toBe('1')
    expect(slowed.body.error).toBe('Too many sign-in attempts on this account. Please wait 1 second and try again.')
    // The owner too, from their own address: the same short wait, not a lock.
    await failedAgo(0)
    expect((await login('203.0.113.40', owner.email, owner.password)).status).toBe(429)
    await failedAgo(1)
    expect((await login('192.0.2.11', owner.email, 'a wrong guess')).status).toBe(401)
    // Each further failure doubles the wait: 2 s after the eleventh.
    await failedAgo(0)
    expect((await login('192.0.2.12', owner.email, 'a wrong guess')).headers.get('retry-after')).toBe('2')
    // Refused attempts did not count: hammering did not lengthen it. Thirty failures later the wait stops at 30 s.
    await proxied.database.db.insert(loginFailures).values(Array.from({ length: 30 }, (_, i) => ({ action: 'login', email, ip: `198.18.0.${i}` })))
    await failedAgo(0)
    const capped = await login('192.0.2.13', owner.email, 'a wrong guess')
    expect(capped.status).toBe(429)
    expect(capped.headers.get('retry-after')).toBe('30')
    await failedAgo(30)
    // Whoever waits has their password checked: the owner signs in, which clears the account's failures.
    expect((await login('203.0.113.40', owner.email, owner.password)).status).toBe(200)
    expect((await login('192.0.2.13', owner.email, 'a wrong guess')).status).toBe(401)
  })

  it('one IP still gets 20 wrong sign-ins across accounts per 15 minutes', async () => {
    const accounts = await Promise.all(Array.from({ length: 6 }, () => signUp(proxied)))
    for (const a of accounts.slice(0, 5)) for (let i = 0; i < 4; i++) expect((await login('198.51.100.9', a.email, 'a wrong guess')).status).toBe(401)
    const refused = await login('198.51.100.9', accounts[5]!.email, 'a wrong guess')
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatch(/Too many sign-in attempts/)
  })

  it('a password reset lifts the owner’s own lock', async () => {
    const owner = await signUp(proxied)
    expect(await untilRefused(() => login('203.0.113.30', owner.email, 'a wrong guess'), 401)).toBe(5)
    const asked = new Date()
    expect(
      (await proxied.http('POST', '/api/auth/forgot-password', { headers: { 'x-forwarded-for': '203.0.113.30' }, json: { email: owner.email } })).status,
    ).toBe(200)
    const token = await emailedToken(proxied, owner.email, 'reset-password', new Date(asked.getTime() - 1000))
    const reset = await proxied.http('POST', '/api/auth/reset-password', { json: { token, newPassword: 'a brand new long passphrase' } })
    expect(reset.status).toBe(200)
    expect((await login('203.0.113.30', owner.email, 'a brand new long passphrase')).status).toBe(200)
  })
})

describe('current password throttle', () => {
  it('10 concurrent wrong current passwords: at most 5 are checked; then even the right one waits', async () => {
    const u = await signUp(server)
    const results = statuses(
      await Promise.all(
        Array.from({ length: 10 }, () =>
          server.http('POST', '/api/auth/change-password', { token: u.token, json: { currentPassword: 'a wrong guess', newPassword: 'a new password here' } }),
        ),
      ),
    )
    expect(count(results, 400)).toBeLessThanOrEqual(5)
    expect(count(results, 400) + count(results, 429)).toBe(10)
    const wrongAgain = () =>
      server.http('POST', '/api/auth/change-password', { token: u.token, json: { currentPassword: 'a wrong guess', newPassword: 'a new password here' } })
    expect(count(results, 400) + (await untilRefused(wrongAgain, 400))).toBe(5)
    const right = await server.http('POST', '/api/auth/change-password', {
      token: u.token,
      json: { currentPassword: u.password, newPassword: 'a new password here' },
    })
    expect(right.status).toBe(429)
    expect(right.body.error).toMatch(/Too many wrong passwords.*try again in \d+ minutes?/)
    // The email change asks the same question and shares the limit.
    const email = await server.http('PATCH', '/api/user-profile', { token: u.token, json: { email: 'elsewhere@example.com', currentPassword: u.password } })
    expect(email.status).toBe(429)
  })

  it('a right answer clears the count', async () => {
    const u = await signUp(server)
    for (let i = 0; i < 4; i++) {
      await server.http('POST', '/api/auth/change-password', { token: u.token, json: { currentPassword: 'a wrong guess', newPassword: 'a new password here' } })
    }
    const ok = await server.http('POST', '/api/auth/change-password', {
      token: u.token,
      json: { currentPassword: u.password, newPassword: 'a new password here' },
    })
    expect(ok.status).toBe(200)
    for (let i = 0; i < 5; i++) {
      const wrong = await server.http('POST', '/api/auth/change-password', {
        token: u.token,
        json: { currentPassword: 'a wrong guess', newPassword: 'another new one' },
      })
      expect(wrong.status).toBe(400)
    }
  })
})

describe('registration throttle', () => {
  it('30 new accounts an hour from one IP, then 429 with a retry time', async () => {
    const own = await startTestServer()
    try {
      for (let i = 0; i < 30; i++) await signUp(own)
      const res = await own.http('POST', '/api/auth/register', { json: { firstName: 'Z', email: 'thirty-one@example.com', password: 'one too many accounts' } })
      expect(res.status).toBe(429)
      expect(res.body.error).toMatch(/Too many new accounts/)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    } finally {
      await own.close()
    }
  })
})

describe('request rate limits', () => {
  it('keys the message limit on the user: other spellings of the same token share one bucket', async () => {
    const u = await signUp(server)
    const spellings = [`Bearer ${u.token}`, `Bearer  ${u.token}`, `Bearer\t${u.token}`, ` Bearer ${u.token} `]
    // Sending to oneself is refused (400) but still counts against the limit.
    const send = (authorization: string) => server.http('POST', '/api/messages', { headers: { authorization }, json: { receiverId: u.id, content: 'hi' } })
    for (let i = 0; i < 120; i++) expect((await send(spellings[i % spellings.length]!)).status).toBe(400)
    for (const spelling of spellings) expect((await send(spelling)).status).toBe(429)
    // Another user is not affected.
    const other = await signUp(server)
    expect((await server.http('POST', '/api/messages', { token: other.token, json: { receiverId: other.id, content: 'hi' } })).status).toBe(400)
  })

  it('uploads have their own, tighter limit shared by chat and listing photos; text still goes through', async () => {
    const u = await signUp(server)
    const friend = await signUp(server)
    const photoMessage = () => {
      const form = new FormData()
      form.append('receiverId', u.id)
      form.append('photos', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'a.jpg')
      return server.http('POST', '/api/messages', { token: u.token, body: form })
    }
    for (let i = 0; i < 19; i++) expect((await photoMessage()).status).toBe(400)
    const listing = await createListing(server, u.token)
    const form = new FormData()
    form.append('photos', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'b.jpg')
    expect((await server.http('POST', `/api/storages/${listing.id}/photos`, { token: u.token, body: form })).status).toBe(400)
    const over = await photoMessage()
    expect(over.status).toBe(429)
    expect(over.body.error).toMatch(/Too many photo uploads/)
    const again = new FormData()
    again.append('photos', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/jpeg' }), 'c.jpg')
    expect((await server.http('POST', `/api/storages/${listing.id}/photos`, { token: u.token, body: again })).status).toBe(429)
    const text = await server.http('POST', '/api/messages', { token: u.token, json: { receiverId: friend.id, content: 'still talking' } })
    expect(text.status).toBe(201)
  })
})
