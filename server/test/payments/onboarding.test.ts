// @module-tag postgres — payout accounts under a row lock (FOR UPDATE), parallel onboarding
// POST /api/stripe-embedded-onboarding and GET /api/stripe-status, with the real SDK pointed at the
// local Stripe stand-in, which records every request it gets.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { paymentAccounts } from '../../src/db/schema/payment-accounts'
import { startStripeStandIn, type StripeStandIn } from '../../src/modules/payments/stand-in/stripe-stand-in'
import { requirementsOf } from '../../src/modules/payments/stand-in/stand-in-accounts'
import { signUp, startTestServer, type TestServer } from '../helpers'

let stripe: StripeStandIn
let server: TestServer
beforeAll(async () => {
  stripe = await startStripeStandIn()
  server = await startTestServer({ stripeSecretKey: 'sk_test_nookshare', stripeApiUrl: stripe.url, stripeWebhookSecret: 'whsec_test_secret' })
})
afterAll(async () => {
  await server.close()
  await stripe.close()
})
beforeEach(() => {
  stripe.requests.length = 0
})

const onboard = (u: { token: string; id: string; email: string }, userId = u.id) =>
  server.http('POST', '/api/stripe-embedded-onboarding', { token: u.token, json: { email: u.email, userId, prefillData: { email: u.email } } })
const accountCreates = () => stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/accounts')
const sessions = () => stripe.requests.filter((r) => r.path === '/v1/account_sessions')
const status = async (token: string) => (await server.http('GET', '/api/stripe-status', { token })).body

describe('POST /api/stripe-embedded-onboarding', () => {
  it('creates an individual host account prefilled from the profile, payouts monthly on the 1st', async () => {
    const u = await signUp(server, { firstName: 'Ada', lastName: 'Lovelace' })
    const profile = {
      phone: '+1 416 555 0199',
      businessName: 'Ada Storage',
      website: 'https://ada.example.com',
      address: { street: '1 Main St', city: 'Toronto', state: 'ON', zipCode: 'M5V 2T6', country: 'CA' },
      dateOfBirth: '1990-05-31',
    }
    expect((await server.http('PATCH', '/api/user-profile', { token: u.token, json: profile })).status).toBe(200)
    const res = await onboard(u)
    expect(res.status).toBe(200)
    expect(res.body.client_secret).toMatch(/^accs_secret__/)
    const [create] = accountCreates()
    expect(create!.idempotencyKey).toBe(`nookshare-connect-account-${u.id}`)
    expect(create!.params).toEqual({
      email: u.email,
      business_profile: { name: 'Ada Storage', url: 'https://ada.example.com', support_email: u.email, support_phone: '+1 416 555 0199' },
      individual: {
        email: u.email,
        first_name: 'Ada',
        last_name: 'Lovelace',
        phone: '+1 416 555 0199',
        address: { line1: '1 Main St', city: 'Toronto', state: 'ON', postal_code: 'M5V 2T6', country: 'CA' },
        dob: { day: '31', month: '5', year: '1990' },
      },
      country: 'CA',
      business_type: 'individual',
      controller: { fees: { payer: 'application' }, losses: { payments: 'application' }, stripe_dashboard: { type: 'express' } },
      capabilities: { card_payments: { requested: 'true' }, transfers: { requested: 'true' } },
      settings: { payouts: { schedule: { interval: 'monthly', monthly_anchor: '1' } } },
      metadata: { nookshareUserId: u.id },
    })
    const accountId = [...stripe.accounts.values()].find((a) => a.metadata.nookshareUserId === u.id)!.id
    expect(sessions().map((r) => r.params)).toEqual([
      { account: accountId, components: { account_onboarding: { enabled: 'true', features: { external_account_collection: 'true' } } } },
    ])
  })

  it('prefills a company with its business address and tax id, and no individual; country defaults to US', async () => {
    const u = await signUp(server, { firstName: 'Grace', lastName: 'Hopper' })
    const profile = {
      businessType: 'company',
      businessName: 'Hopper Storage Inc.',
      phone: '+1 212 555 0100',
      businessAddress: { street: '2 King St', city: 'Albany', state: 'NY', zipCode: '12207', country: '' },
      taxId: '12-3456789',
    }
    expect((await server.http('PATCH', '/api/user-profile', { token: u.token, json: profile })).status).toBe(200)
    expect((await onboard(u)).status).toBe(200)
    const params = accountCreates()[0]!.params as Record<string, any>
    expect(params.company).toEqual({
      name: 'Hopper Storage Inc.',
      phone: '+1 212 555 0100',
      address: { line1: '2 King St', city: 'Albany', state: 'NY', postal_code: '12207', country: 'US' },
      tax_id: '12-3456789',
    })
    expect(params.individual).toBeUndefined()
    expect(params.business_type).toBe('company')
    expect(params.country).toBe('US')
    expect(params.business_profile).toEqual({ name: 'Hopper Storage Inc.', support_email: u.email, support_phone: '+1 212 555 0100' })
  })

  it('reuses the account on a second call, and racing calls still make one account', async () => {
    const u = await signUp(server)
    const results = await Promise.all([onboard(u), onboard(u), onboard(u), onboard(u)])
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
    expect((await onboard(u)).status).toBe(200)
    expect(accountCreates()).toHaveLength(1)
    expect(sessions()).toHaveLength(5)
    const rows = await server.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, u.id))
    expect(rows).toHaveLength(1)
    expect(new Set(sessions().map((s) => s.params.account))).toEqual(new Set([rows[0]!.stripeAccountId]))
  })

  it("refuses another user's id with 403 and makes nothing", async () => {
    const a = await signUp(server)
    const b = await signUp(server)
    const res = await onboard(a, b.id)
    expect(res.status).toBe(403)
    expect(res.body.error).toBe('You can only set up payments for your own account.')
    expect(stripe.requests).toHaveLength(0)
  })

  it('needs a signed-in user and a valid body (400 naming the field)', async () => {
    expect((await server.http('POST', '/api/stripe-embedded-onboarding', { json: { email: 'a@b.co', userId: 'x' } })).status).toBe(401)
    const u = await signUp(server)
    const bad = await server.http('POST', '/api/stripe-embedded-onboarding', { token: u.token, json: { email: 'nope', userId: u.id } })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('email')
  })

  it('answers 502 with a message when Stripe refuses', async () => {
    const u = await signUp(server)
    const row = await onboard(u)
    expect(row.status).toBe(200)
    const id = (await server.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, u.id)))[0]!.stripeAccountId!
    stripe.accounts.delete(id)
    const res = await onboard(u)
    expect(res.status).toBe(502)
    expect(res.body.error).toContain('No such account')
  })
})

describe('GET /api/stripe-status', () => {
  it('follows the connected account: none, submitted nothing, complete, then verification wanted', async () => {
    const u = await signUp(server)
    expect(await status(u.token)).toEqual({ needsOnboarding: true, needsVerification: false, verificationEmailSent: false })
    await onboard(u)
    expect(await status(u.token)).toMatchObject({ needsOnboarding: true, needsVerification: false })
    const id = (await server.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, u.id)))[0]!.stripeAccountId!
    stripe.complete(id)
    expect(await status(u.token)).toMatchObject({ needsOnboarding: false, needsVerification: false })
    stripe.update(id, { requirements: requirementsOf(['individual.verification.document']) })
    expect(await status(u.token)).toMatchObject({ needsOnboarding: false, needsVerification: true })
    stripe.update(id, { requirements: requirementsOf([]), payouts_enabled: false })
    expect(await status(u.token)).toMatchObject({ needsOnboarding: false, needsVerification: true })
  })

  it('answers from the stored state when Stripe cannot be reached', async () => {
    const u = await signUp(server)
    await onboard(u)
    const id = (await server.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, u.id)))[0]!.stripeAccountId!
    stripe.complete(id)
    await status(u.token)
    stripe.accounts.delete(id)
    expect(await status(u.token)).toMatchObject({ needsOnboarding: false, needsVerification: false })
  })

  it('needs a signed-in user', async () => {
    expect((await server.http('GET', '/api/stripe-status')).status).toBe(401)
  })
})
