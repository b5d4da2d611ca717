// @module-tag postgres — referral credit once under parallel sign-ups
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { emailedToken, signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'
import { referrals } from '../../src/db/schema/referrals'
import { grantReferralReward } from '../../src/modules/accounts/service/referrals'
import type { Db } from '../../src/db/client'

let server: TestServer
let referrer: Awaited<ReturnType<typeof signUp>>
let n = 0

beforeAll(async () => {
  server = await startTestServer({ referralRewardCents: 2500 })
  referrer = await signUpVerified(server, { firstName: 'Rita', lastName: 'Referrer', email: 'rita.referrer@gmail.com' })
})
afterAll(() => server.close())

/** Registers through a referral code, verifies the address, and returns the new user. */
async function joinWith(code: string, fields: { email?: string; firstName?: string; lastName?: string; verify?: boolean } = {}) {
  const email = fields.email ?? `joiner${Date.now()}${n++}@example.com`
  const res = await server.http('POST', '/api/auth/register', {
    json: { firstName: fields.firstName ?? 'Jo', lastName: fields.lastName ?? 'Joiner', email, password: 'correct horse battery', referralCode: code },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(201)
  if (fields.verify !== false) {
    const verified = await server.http('POST', '/api/auth/verify-email', { json: { token: await emailedToken(server, email, 'verify-email') } })
    expect(verified.status).toBe(200)
  }
  return { id: res.body.user._id as string, token: res.body.token as string, email }
}

const summary = async (token: string) => {
  const res = await server.http('GET', '/api/referrals', { token })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}
const db = () => server.database.db
const grant = (userId: string) => db().transaction((tx) => grantReferralReward(tx as unknown as Db, userId, { rewardCents: 2500 }))

describe('referrals', () => {
  it('needs a signed-in user', async () => {
    expect((await server.http('GET', '/api/referrals')).status).toBe(401)
  })

  it('gives every user one stable code and the configured reward', async () => {
    const first = await summary(referrer.token)
    expect(first.code).toMatch(/^[A-Z0-9]{6,}$/)
    expect(first.rewardCents).toBe(2500)
    expect(first.referrals).toEqual([])
    expect((await summary(referrer.token)).code).toBe(first.code)
    expect(first.code).toBe(referrer.user.referralCode)
  })

  it('refuses an unknown code, naming the field', async () => {
    const res = await server.http('POST', '/api/auth/register', {
      json: { firstName: 'X', email: 'unknown-code@example.com', password: 'correct horse battery', referralCode: 'NOPE123' },
    })
    expect(res.status).toBe(400)
    expect(res.body.message).toMatch(/referralCode/)
  })

  it('lists who joined, pending until their first booking is confirmed, then rewarded exactly once under racing calls', async () => {
    const code = referrer.user.referralCode as string
    const joiner = await joinWith(code.toLowerCase(), { firstName: 'Jamal', lastName: 'Joiner' })
    let s = await summary(referrer.token)
    expect(s.referrals).toHaveLength(1)
    expect(s.referrals[0]).toMatchObject({ name: 'Jamal J.', status: 'pending', rewardCents: null })
    // The joiner's own dashboard does not show the referrer's list.
    expect((await summary(joiner.token)).referrals).toEqual([])

    const results = await Promise.all(Array.from({ length: 8 }, () => grant(joiner.id)))
    expect(results.filter((r) => r.granted)).toHaveLength(1)
    expect(results.filter((r) => !r.granted).every((r) => !r.granted && r.reason === 'already-rewarded')).toBe(true)
    expect(await grant(joiner.id)).toEqual({ granted: false, reason: 'already-rewarded' })

    s = await summary(referrer.token)
    expect(s.referrals[0]).toMatchObject({ status: 'rewarded', rewardCents: 2500 })
    expect(s.referrals[0].rewardedAt).toBeTruthy()
    expect(s.earnedCents).toBe(2500)
    const rows = await db().select().from(referrals).where(eq(referrals.referredUserId, joiner.id))
    expect(rows).toHaveLength(1)
  })

  it('never rewards a self-referral (the same mailbox under another address)', async () => {
    const code = referrer.user.referralCode as string
    const alt = await joinWith(code, { email: 'rita.referrer+second@gmail.com', firstName: 'Rita' })
    // Marked at sign-up already; a grant changes nothing.
    expect(await grant(alt.id)).toEqual({ granted: false, reason: 'not-eligible' })
    const row = (await summary(referrer.token)).referrals.find((r: { name: string }) => r.name === 'Rita J.')
    expect(row).toMatchObject({ status: 'not_eligible', rewardCents: null })
  })

  it('never rewards a second account of a person who already has a verified one', async () => {
    const code = referrer.user.referralCode as string
    await signUpVerified(server, { email: 'sam.same@example.com' })
    const second = await joinWith(code, { email: 'sam.same+again@example.com', firstName: 'Sam' })
    expect(await grant(second.id)).toEqual({ granted: false, reason: 'not-eligible' })
  })

  it("rewards a person's first account even when they open a second one later", async () => {
    const code = referrer.user.referralCode as string
    const first = await joinWith(code, { email: 'pat.first@example.com', firstName: 'Pat' })
    const second = await joinWith(code, { email: 'pat.first+later@example.com', firstName: 'Pat' })
    const [a, b] = await Promise.all([grant(second.id), grant(first.id)])
    expect(b).toMatchObject({ granted: true })
    expect(a).toEqual({ granted: false, reason: 'not-eligible' })
  })

  it('waits for a verified email, then grants on a later confirmation', async () => {
    const code = referrer.user.referralCode as string
    const unverified = await joinWith(code, { verify: false, firstName: 'Uma' })
    expect(await grant(unverified.id)).toEqual({ granted: false, reason: 'email-not-verified' })
    const verified = await server.http('POST', '/api/auth/verify-email', { json: { token: await emailedToken(server, unverified.email, 'verify-email') } })
    expect(verified.status).toBe(200)
    expect(await grant(unverified.id)).toMatchObject({ granted: true, rewardCents: 2500 })
  })

  it('grants nothing to a user nobody referred', async () => {
    const plain = await signUp(server)
    expect(await grant(plain.id)).toEqual({ granted: false, reason: 'no-referral' })
  })
})
