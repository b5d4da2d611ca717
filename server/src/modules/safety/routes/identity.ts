// POST /verifications/id/start: a Stripe Identity verification session (document + selfie) for the
// signed-in user; the answer is its hosted url. In the payments sandbox, POST /stripe-sandbox/identity
// plays the user's Test mode choice: the stand-in moves the session and its signed event goes through
// the real webhook, which alone sets the badge.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { IdStartSchema, IdTestOutcomeBodySchema } from '@contract/trust'
import { findVerification, saveIdentitySession } from '../service/user-verifications'
import { publicBaseUrl } from '../../../lib/public-url'
import { conflict } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { stripeFailure } from '../../payments/service/stripe-errors'
import { deliverSandboxEvents, sandboxEvent } from '../../payments/service/sandbox-delivery'

const identityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { stripe, sandbox, webhookSecret } = app.payments

  app.post(
    '/verifications/id/start',
    { schema: { response: { 200: IdStartSchema } }, config: { auth: 'user', rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request) => {
      const { user } = signedIn(request)
      const existing = await findVerification(app.db, user.id)
      if (existing?.identityVerifiedAt) throw conflict('Your ID is already verified.')
      const base = publicBaseUrl(app.config, request).replace(/\/$/, '')
      let session
      try {
        session = await stripe.identity.verificationSessions.create({
          type: 'document',
          metadata: { nookshareUserId: user.id },
          options: { document: { require_matching_selfie: true, require_live_capture: true } },
          return_url: `${base}/profile?id=returned`,
        })
      } catch (err) {
        throw stripeFailure(err)
      }
      await saveIdentitySession(app.db, user.id, session.id)
      return { sessionId: session.id, url: session.url ?? '', clientSecret: session.client_secret ?? '', testMode: Boolean(sandbox) }
    },
  )

  if (!sandbox || !webhookSecret) return
  app.post(
    '/stripe-sandbox/identity',
    { config: { auth: 'user' }, schema: { body: IdTestOutcomeBodySchema, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      const { user } = signedIn(request)
      const row = await findVerification(app.db, user.id)
      const session = row?.identitySessionId ? sandbox.identity.settle(row.identitySessionId, request.body.outcome) : undefined
      if (!session) throw conflict('Start an ID verification first.')
      await deliverSandboxEvents(app, [sandboxEvent(app, `identity.verification_session.${request.body.outcome}`, session)])
      return { ok: true as const }
    },
  )
}

export default identityRoutes
