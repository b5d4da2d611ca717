// The payments feature's routes: status and config, embedded onboarding, the confirmation email,
// Stripe's webhook, and the sandbox's own onboarding form.
import type { FastifyPluginAsync } from 'fastify'
import onboardingRoutes from './onboarding'
import sandboxRoutes from './sandbox'
import sandboxMoney from './sandbox-money'
import statusRoutes from './status'
import verificationEmailRoutes from './verification-email'
import webhookRoutes from './webhook'

const paymentsFeature: FastifyPluginAsync = async (app) => {
  await app.register(statusRoutes)
  await app.register(onboardingRoutes)
  await app.register(verificationEmailRoutes)
  await app.register(webhookRoutes)
  await app.register(sandboxRoutes)
  await app.register(sandboxMoney)
}

export default paymentsFeature
