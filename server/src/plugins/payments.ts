// Payments: the real `stripe` SDK client. With STRIPE_SECRET_KEY it talks to Stripe (or to
// STRIPE_API_URL, a local stand-in); without it, a local stand-in is started in this process (the
// payments sandbox, so `npm start` walks the whole flow offline). Same SDK calls; only the base URL differs.
import { randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import Stripe from 'stripe'
import { startStripeStandIn, type StripeStandIn } from '../modules/payments/stand-in/stripe-stand-in'

export interface Payments {
  stripe: Stripe
  /** 'sandbox': no STRIPE_SECRET_KEY, the in-process stand-in answers; the UI says "Test mode". */
  mode: 'stripe' | 'sandbox'
  /** Secret the webhook signatures are checked with; the sandbox makes one up when none is set. */
  webhookSecret?: string
  publishableKey?: string
  sandbox?: StripeStandIn
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: Payments
  }
}

export function stripeClient(secretKey: string, apiUrl?: string): Stripe {
  const target = apiUrl ? new URL(apiUrl) : undefined
  return new Stripe(secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'Nookshare' },
    ...(target
      ? {
          host: target.hostname,
          port: Number(target.port) || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  })
}

export default fp(
  async (app) => {
    const { stripeSecretKey, stripeApiUrl, stripeWebhookSecret, stripePublishableKey, dataDir } = app.config
    if (stripeSecretKey) {
      app.decorate('payments', {
        stripe: stripeClient(stripeSecretKey, stripeApiUrl),
        mode: 'stripe',
        webhookSecret: stripeWebhookSecret,
        publishableKey: stripePublishableKey,
      })
      return
    }
    const inMemory = dataDir.startsWith('memory://')
    if (!inMemory) mkdirSync(dataDir, { recursive: true })
    const sandbox = await startStripeStandIn({ stateFile: inMemory ? undefined : path.resolve(dataDir, 'stripe-sandbox.json') })
    app.decorate('payments', {
      stripe: stripeClient('sk_test_sandbox', sandbox.url),
      mode: 'sandbox',
      webhookSecret: stripeWebhookSecret ?? `whsec_sandbox_${randomBytes(16).toString('hex')}`,
      sandbox,
    })
    app.addHook('onClose', () => sandbox.close())
  },
  { name: 'payments' },
)
