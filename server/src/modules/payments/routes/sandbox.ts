// The payments sandbox (no STRIPE_SECRET_KEY): the local onboarding form completes the host's stand-in
// account, and the stand-in's signed account.updated event goes through our real webhook route.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PAYMENT_ERRORS, SandboxOnboardingBodySchema } from '@contract/payments'
import { findPaymentAccount } from '../service/payment-accounts'
import { adoptStoredAccounts } from '../stand-in/sandbox-accounts'
import { conflict } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { deliverSandboxEvents, sandboxEvent } from '../stand-in/sandbox-delivery'

const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sandbox, webhookSecret } = app.payments
  if (!sandbox || !webhookSecret) return

  // The demo hosts' accounts (and any a lost state file forgot) are complete in the stand-in too.
  app.addHook('onReady', () => adoptStoredAccounts(app.db, sandbox))

  app.post('/stripe-sandbox/complete-onboarding', { config: { auth: 'user' }, schema: { body: SandboxOnboardingBodySchema } }, async (request) => {
    const { user } = signedIn(request)
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
    await deliverSandboxEvents(app, [sandboxEvent(app, 'account.updated', account)])
    return { ok: true }
  })
}

export default sandboxRoutes
