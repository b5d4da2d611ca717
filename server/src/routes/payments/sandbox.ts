// The payments sandbox (no STRIPE_SECRET_KEY): the local onboarding form completes the host's stand-in
// account, and the stand-in's signed account.updated event goes through our real webhook route.
import { randomBytes } from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PAYMENT_ERRORS, SandboxOnboardingBodySchema } from '@contract/payments'
import { findPaymentAccount } from '../../db/queries/payment-accounts'
import { conflict, HttpError } from '../../errors'
import { requireUser } from '../../plugins/auth'

const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sandbox, stripe, webhookSecret } = app.payments
  if (!sandbox || !webhookSecret) return

  app.post('/stripe-sandbox/complete-onboarding', { schema: { body: SandboxOnboardingBodySchema } }, async (request) => {
    const { user } = await requireUser(request)
    const row = await findPaymentAccount(app.db, user.id)
    if (!row?.stripeAccountId) throw conflict(PAYMENT_ERRORS.noAccount)
    const { body } = request
    const account = sandbox.complete(row.stripeAccountId, {
      firstName: body.firstName,
      lastName: body.lastName,
      bank: {
        country: body.country,
        routingNumber: body.country === 'CA' ? `${body.transitNumber}-${body.institutionNumber}` : body.routingNumber,
        accountNumber: body.accountNumber,
      },
    })
    if (!account) throw conflict(PAYMENT_ERRORS.noAccount)
    const payload = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: stripe.getApiField('version'),
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      type: 'account.updated',
      data: { object: account },
    })
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret })
    const delivered = await app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload,
    })
    if (delivered.statusCode !== 200) throw new HttpError(502, 'The sandbox webhook was not accepted.')
    return { ok: true }
  })
}

export default sandboxRoutes
