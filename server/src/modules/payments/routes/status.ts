// GET /stripe-config (how the browser reaches Stripe) and GET /stripe-status (spec 7): the host's
// payment status, read from the connected account itself.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { PaymentConfigSchema, PaymentStatusSchema } from '@contract/payments'
import { findPaymentAccount, saveAccountState } from '../service/payment-accounts'
import { accountState, paymentStatus, rowState, type AccountState } from '../service/payment-status'
import { signedIn } from '../../../plugins/auth'

const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/stripe-config', { config: { auth: 'public' }, schema: { response: { 200: PaymentConfigSchema } } }, async () => ({
    mode: app.payments.mode,
    publishableKey: app.payments.publishableKey ?? null,
  }))

  // Each call reads the account from Stripe: bounded per client so a stuck page can't spend our API quota.
  app.get(
    '/stripe-status',
    { schema: { response: { 200: PaymentStatusSchema } }, config: { auth: 'user', rateLimit: { max: 60, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { user } = signedIn(request)
      reply.header('cache-control', 'private, no-store')
      const row = await findPaymentAccount(app.db, user.id)
      let state: AccountState | undefined
      if (row?.stripeAccountId) {
        try {
          const readAt = new Date()
          state = accountState(await app.payments.stripe.accounts.retrieve(row.stripeAccountId))
          await saveAccountState(app.db, user.id, state, readAt)
        } catch (err) {
          // Stripe unreachable: the last state Stripe gave us (webhooks keep it fresh) is the best answer.
          request.log.warn({ err }, 'stripe account retrieve failed; answering from the stored state')
          state = rowState(row)
        }
      }
      return { ...paymentStatus(state), verificationEmailSent: Boolean(row?.verificationEmailSentAt) }
    },
  )
}

export default statusRoutes
