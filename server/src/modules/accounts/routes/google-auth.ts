// POST /auth/google-auth: sign in (or up) with a Google ID token, linking to the account that already
// uses the same, Google-verified email. GET /auth/google-config tells the page whether to show the button.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AuthResponseSchema, GoogleAuthBodySchema, GoogleConfigSchema } from '@contract/user'
import { GoogleTokenError, googlePublishedKeys, verifyGoogleIdToken, type GoogleIdentity } from '../service/google-id-token'
import { HttpError, unauthorized } from '../../../errors'
import { signInWithGoogle } from '../service/google-sign-in'
import { startSession } from '../service/session-reply'
import { userChanged } from '../../../db/change-feed'

const googleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth/google-config', { config: { auth: 'public' }, schema: { response: { 200: GoogleConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return { clientId: app.config.googleClientId ?? null }
  })

  app.post(
    '/auth/google-auth',
    {
      schema: { body: GoogleAuthBodySchema, response: { 200: AuthResponseSchema } },
      config: { auth: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request) => {
      const clientId = app.config.googleClientId
      if (!clientId) throw new HttpError(503, 'Sign-in with Google is not available.')
      let identity: GoogleIdentity
      try {
        identity = await verifyGoogleIdToken(request.body.idToken, { clientId, keys: app.config.googleKeys ?? googlePublishedKeys() })
      } catch (err) {
        if (err instanceof GoogleTokenError) throw unauthorized(err.message)
        request.log.error({ err }, 'Google keys unavailable')
        throw new HttpError(503, 'Sign-in with Google is unavailable right now. Please try again in a moment.')
      }
      const user = await signInWithGoogle(app.db, identity, request.body.from)
      // Committed: cached sessions and versions of the account are dropped on every instance (a linked
      // account is now verified; a taken-over one has lost its sessions).
      await userChanged(app.db, user.id)
      if (user.deactivatedAt) throw unauthorized('This account has been deactivated.')
      return startSession(app, request, user)
    },
  )
}

export default googleAuthRoutes
