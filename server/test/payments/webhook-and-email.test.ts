// @module-tag postgres — webhook events recorded once in the ledger, in parallel; the mail outbox
// POST /api/stripe/webhook (signature, staleness, replays) and POST /api/send-host-verification-email
// (once per host), and the sandbox that `npm start` runs without Stripe keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { paymentAccounts } from '../../src/db/schema/payment-accounts'
import { completeAccount } from '../../src/modules/payments/stand-in/stand-in-accounts'
import { startStripeStandIn, type StripeStandIn } from '../../src/modules/payments/stand-in/stripe-stand-in'
import { signUp, startTestServer, type TestServer } from '../helpers'

const SECRET = 'whsec_test_secret'
const CONNECT_SECRET = 'whsec_test_connect_endpoint'
const sdk = new Stripe('sk_test_unused')
let stripe: StripeStandIn
let server: TestServer
beforeAll(async () => {
  stripe = await startStripeStandIn()
  server = await startTestServer({
    stripeSecretKey: 'sk_test_nookshare',
    stripeApiUrl: stripe.url,
    stripeWebhookSecret: SECRET,
    stripeConnectWebhookSecret: CONNECT_SECRET,
  })
})
afterAll(async () => {
  await server.close()
  await stripe.close()
})

async function hostWithAccount() {
  const u = await signUp(server)
  const res = await server.http('POST', '/api/stripe-embedded-onboarding', { token: u.token, json: { email: u.email, userId: u.id } })
  expect(res.status).toBe(200)
  return { ...u, accountId: (await row(u.id)).stripeAccountId! }
}
const row = async (userId: string) => (await server.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, userId)))[0]!

let n = 0
function accountUpdated(account: Record<string, unknown>, created: number, id = `evt_test_${Date.now()}_${n++}`) {
  return JSON.stringify({ id, object: 'event', type: 'account.updated', created, livemode: false, data: { object: account } })
}
const deliver = (payload: string, signature = sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET })) =>
  server.http('POST', '/api/stripe/webhook', { body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } })
const now = () => Math.floor(Date.now() / 1000)

describe('POST /api/stripe/webhook', () => {
  it('account.updated refreshes the stored state', async () => {
    const host = await hostWithAccount()
    const res = await deliver(accountUpdated(completeAccount(stripe.accounts.get(host.accountId)!), now() + 1))
    expect(res.status).toBe(200)
    expect(res.body.result).toBe('updated')
    expect(await row(host.id)).toMatchObject({ detailsSubmitted: true, chargesEnabled: true, payoutsEnabled: true, requirements: { currentlyDue: [] } })
  })

  it('accepts the Connect endpoint’s own secret for the hosts’ accounts’ events', async () => {
    const host = await hostWithAccount()
    const payload = accountUpdated(completeAccount(stripe.accounts.get(host.accountId)!), now() + 1)
    const res = await deliver(payload, sdk.webhooks.generateTestHeaderString({ payload, secret: CONNECT_SECRET }))
    expect(res.status).toBe(200)
    expect(res.body.result).toBe('updated')
    expect((await row(host.id)).detailsSubmitted).toBe(true)
  })

  it('a forged or missing signature changes nothing (400)', async () => {
    const host = await hostWithAccount()
    const payload = accountUpdated(completeAccount(stripe.accounts.get(host.accountId)!), now() + 1)
    const forged = sdk.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' })
    expect((await deliver(payload, forged)).status).toBe(400)
    const tampered = payload.replace('"charges_enabled":true', '"charges_enabled":false')
    expect((await deliver(tampered, sdk.webhooks.generateTestHeaderString({ payload, secret: SECRET }))).status).toBe(400)
    const unsigned = await server.http('POST', '/api/stripe/webhook', { json: JSON.parse(payload) })
    expect(unsigned.status).toBe(400)
    expect(unsigned.body.field).toBe('stripe-signature')
    expect((await row(host.id)).detailsSubmitted).toBe(false)
  })

  it('an event older than the stored state changes nothing', async () => {
    const host = await hostWithAccount()
    const complete = completeAccount(stripe.accounts.get(host.accountId)!)
    expect((await deliver(accountUpdated(complete, now() + 5))).body.result).toBe('updated')
    const older = { ...complete, payouts_enabled: false }
    const res = await deliver(accountUpdated(older, now() - 60))
    expect(res.status).toBe(200)
    expect(res.body.result).toBe('stale')
    expect((await row(host.id)).payoutsEnabled).toBe(true)
  })

  it('the same event twice is handled once, even if the account changed in between', async () => {
    const host = await hostWithAccount()
    const account = stripe.accounts.get(host.accountId)!
    const first = accountUpdated(completeAccount(account), now() + 2, 'evt_replayed_1_' + host.id)
    expect((await deliver(first)).body.result).toBe('updated')
    // A newer event turns payouts off; replaying the first (same id) must not turn them back on.
    expect((await deliver(accountUpdated({ ...completeAccount(account), payouts_enabled: false }, now() + 3))).body.result).toBe('updated')
    const again = await deliver(first)
    expect(again.status).toBe(200)
    expect(again.body.result).toBe('duplicate')
    expect((await row(host.id)).payoutsEnabled).toBe(false)
  })
})

describe('POST /api/send-host-verification-email', () => {
  const sent = async (to: string) =>
    (await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((e) => e.template === 'host-verification')

  it('sends the confirmation once per host, to the account address', async () => {
    const host = await hostWithAccount()
    const body = { email: 'someone-else@example.com', userId: host.id, name: 'Ada' }
    const first = await server.http('POST', '/api/send-host-verification-email', { token: host.token, json: body })
    expect(first.status).toBe(200)
    expect(first.body).toEqual({ sent: true })
    const [second, third] = await Promise.all([
      server.http('POST', '/api/send-host-verification-email', { token: host.token, json: body }),
      server.http('POST', '/api/send-host-verification-email', { token: host.token, json: body }),
    ])
    expect([second.body, third.body]).toEqual([{ sent: false }, { sent: false }])
    const mails = await sent(host.email)
    expect(mails).toHaveLength(1)
    expect(mails[0]!.text).toContain('Hi Ada,')
    expect(await sent('someone-else@example.com')).toHaveLength(0)
    expect((await server.http('GET', '/api/stripe-status', { token: host.token })).body.verificationEmailSent).toBe(true)
  })

  it("refuses another user's id (403) and a host without an account (409)", async () => {
    const host = await hostWithAccount()
    const other = await signUp(server)
    const res = await server.http('POST', '/api/send-host-verification-email', { token: other.token, json: { email: other.email, userId: host.id, name: 'X' } })
    expect(res.status).toBe(403)
    const none = await server.http('POST', '/api/send-host-verification-email', {
      token: other.token,
      json: { email: other.email, userId: other.id, name: 'X' },
    })
    expect(none.status).toBe(409)
    expect(await sent(host.email)).toHaveLength(0)
  })
})

describe('payments sandbox (no STRIPE_SECRET_KEY)', () => {
  it('runs the whole flow locally: config says sandbox, the form completes the account through a signed webhook', async () => {
    const sandbox = await startTestServer()
    try {
      expect((await sandbox.http('GET', '/api/stripe-config')).body).toEqual({ mode: 'sandbox', publishableKey: null })
      const u = await signUp(sandbox)
      const onboard = await sandbox.http('POST', '/api/stripe-embedded-onboarding', { token: u.token, json: { email: u.email, userId: u.id } })
      expect(onboard.body.client_secret).toMatch(/^accs_secret__/)
      expect((await sandbox.http('GET', '/api/stripe-status', { token: u.token })).body).toMatchObject({ needsOnboarding: true })
      const form = { firstName: 'Test', lastName: 'Host', country: 'US', routingNumber: '110000000', accountNumber: '000123456789' }
      const bad = await sandbox.http('POST', '/api/stripe-sandbox/complete-onboarding', { token: u.token, json: { ...form, routingNumber: '12' } })
      expect(bad.status).toBe(400)
      expect(bad.body.field).toBe('routingNumber')
      expect((await sandbox.http('POST', '/api/stripe-sandbox/complete-onboarding', { token: u.token, json: form })).status).toBe(200)
      // The webhook alone updated the stored state (the status call below re-reads the stand-in too).
      const stored = (await sandbox.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, u.id)))[0]!
      expect(stored).toMatchObject({ detailsSubmitted: true, payoutsEnabled: true })
      expect((await sandbox.http('GET', '/api/stripe-status', { token: u.token })).body).toMatchObject({ needsOnboarding: false, needsVerification: false })
    } finally {
      await sandbox.close()
    }
  })

  it('asks a Canadian host for a transit, institution and account number (not a US routing number); each is a 400 naming the field', async () => {
    const sandbox = await startTestServer()
    try {
      const u = await signUp(sandbox)
      await sandbox.http('POST', '/api/stripe-embedded-onboarding', { token: u.token, json: { email: u.email, userId: u.id } })
      const form = { firstName: 'Chloé', lastName: 'Tremblay', country: 'CA', transitNumber: '11000', institutionNumber: '000', accountNumber: '000123456789' }
      const complete = (json: Record<string, unknown>) => sandbox.http('POST', '/api/stripe-sandbox/complete-onboarding', { token: u.token, json })
      const refusals: [Record<string, unknown>, string, string][] = [
        [{ ...form, transitNumber: '1100' }, 'transitNumber', 'transitNumber must be 5 digits (use 11000 in test mode)'],
        [{ ...form, transitNumber: '110000000' }, 'transitNumber', 'transitNumber must be 5 digits (use 11000 in test mode)'],
        [{ ...form, institutionNumber: '0001' }, 'institutionNumber', 'institutionNumber must be 3 digits (use 000 in test mode)'],
        [{ ...form, accountNumber: '123456' }, 'accountNumber', 'accountNumber must be 7 to 12 digits (use 000123456789 in test mode)'],
        [{ ...form, accountNumber: '0001234567890' }, 'accountNumber', 'accountNumber must be 7 to 12 digits (use 000123456789 in test mode)'],
        [{ ...form, country: 'FR' }, 'country', "country must be 'US' or 'CA'"],
        // A US routing number is not a Canadian bank's: without the transit number the form is refused.
        [
          { firstName: 'Chloé', lastName: 'Tremblay', country: 'CA', routingNumber: '110000000', accountNumber: '000123456789' },
          'transitNumber',
          'transitNumber is required',
        ],
      ]
      for (const [json, field, message] of refusals) {
        const res = await complete(json)
        expect(res.status, JSON.stringify(json)).toBe(400)
        expect(res.body).toMatchObject({ field, error: expect.stringMatching(new RegExp(`^${field}`)) })
        if (!message.endsWith('required')) expect(res.body.error).toBe(message)
      }
      // Nothing was completed by the refusals.
      expect((await sandbox.http('GET', '/api/stripe-status', { token: u.token })).body).toMatchObject({ needsOnboarding: true })
      expect((await complete(form)).status).toBe(200)
      expect((await sandbox.http('GET', '/api/stripe-status', { token: u.token })).body).toMatchObject({ needsOnboarding: false, needsVerification: false })
      const stored = (await sandbox.database.db.select().from(paymentAccounts).where(eq(paymentAccounts.userId, u.id)))[0]!
      const account = sandbox.app.payments.sandbox!.accounts.get(stored.stripeAccountId!)!
      expect(account.external_accounts.data[0]).toMatchObject({ country: 'CA', currency: 'cad', routing_number: '11000-000', last4: '6789' })
    } finally {
      await sandbox.close()
    }
  })

  it('has no sandbox form when Stripe is configured', async () => {
    const u = await signUp(server)
    const res = await server.http('POST', '/api/stripe-sandbox/complete-onboarding', { token: u.token, json: {} })
    expect(res.status).toBe(404)
  })
})
