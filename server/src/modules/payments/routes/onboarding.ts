// POST /stripe-embedded-onboarding (spec 7): the host's connected account (created once, prefilled from
// the stored profile) and an account session for the embedded onboarding component.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { OnboardingBodySchema, OnboardingResponseSchema, PAYMENT_ERRORS } from '@contract/payments'
import { ensurePaymentAccount } from '../service/payment-accounts'
import { connectAccountParams, onboardingSessionParams } from '../service/connect-account-params'
import { accountState } from '../service/payment-status'
import { forbidden } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { stripeFailure } from '../service/stripe-errors'

const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/stripe-embedded-onboarding',
    {
      schema: { body: OnboardingBodySchema, response: { 200: OnboardingResponseSchema } },
      config: { auth: 'user', rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const { user } = signedIn(request)
      if (request.body.userId !== user.id) throw forbidden(PAYMENT_ERRORS.otherUser)
      // The prefill comes from the stored profile, not the body: the browser never holds the full tax
      // id or date of birth (the profile answer masks them).
      const { stripe } = app.payments
      try {
        const row = await ensurePaymentAccount(app.db, user.id, async () => {
          const account = await stripe.accounts.create(connectAccountParams(user), { idempotencyKey: `nookshare-connect-account-${user.id}` })
          return { id: account.id, state: accountState(account) }
        })
        const session = await stripe.accountSessions.create(onboardingSessionParams(row.stripeAccountId!))
        return { client_secret: session.client_secret }
      } catch (err) {
        throw stripeFailure(err)
      }
    },
  )
}

export default onboardingRoutes
