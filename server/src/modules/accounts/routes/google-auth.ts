// POST /auth/google-auth: sign in (or up) with a Google ID token, linking to the account that already
// uses the same, Google-verified email. GET /auth/google-config tells the page whether to show the button.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { eq } from 'drizzle-orm'
import { AuthResponseSchema, GoogleAuthBodySchema, GoogleConfigSchema } from '@contract/user'
import type { Db } from '../../../db/client'
import { revokeAllSessions } from '../queries/sessions'
import { findUserByEmail, insertUser } from '../queries/users'
import { users, type UserRow } from '../../../db/schema/users'
import { GoogleTokenError, googlePublishedKeys, verifyGoogleIdToken, type GoogleIdentity } from '../service/google-id-token'
import { publicNameOrEmpty } from '../../../lib/public-text'
import { HttpError, unauthorized } from '../../../errors'
import { startSession } from '../service/session-reply'
import { userChanged } from '../../../db/change-feed'

const googleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/auth/google-config', { schema: { response: { 200: GoogleConfigSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300')
    return { clientId: app.config.googleClientId ?? null }
  })

  app.post(
    '/auth/google-auth',
    { schema: { body: GoogleAuthBodySchema, response: { 200: AuthResponseSchema } }, config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
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
      const user = await app.db.transaction((tx) => findOrCreate(tx, identity, request.body.from))
      // Committed: cached sessions and versions of the account are dropped on every instance (a linked
      // account is now verified; a taken-over one has lost its sessions).
      await userChanged(app.db, user.id)
      if (user.deactivatedAt) throw unauthorized('This account has been deactivated.')
      return startSession(app, request, user)
    },
  )
}

async function findOrCreate(db: Db, g: GoogleIdentity, from: 'host' | 'storee' | undefined): Promise<UserRow> {
  const [linked] = await db.select().from(users).where(eq(users.googleSub, g.sub)).for('update').limit(1)
  if (linked) return linked
  const existing = await findUserByEmail(db, g.email)
  if (existing) {
    // Google vouches for the address. If the account had never proved it, whoever made it may not own
    // it (an account made in advance with someone else's email): its password and sessions end here,
    // so only the address's owner, now signed in with Google, keeps access.
    const takeover = !existing.emailVerified
    const [row] = await db
      .update(users)
      .set({ googleSub: g.sub, emailVerified: true, ...(takeover ? { passwordHash: '' } : {}), updatedAt: new Date() })
      .where(eq(users.id, existing.id))
      .returning()
    if (takeover) await revokeAllSessions(db, existing.id)
    return row!
  }
  const created = await insertUser(db, {
    email: g.email,
    passwordHash: '', // no password: signs in with Google (or sets one through "forgot password")
    // Names others read before a booking: the public-text rule of profile names applies to Google's too.
    firstName: publicNameOrEmpty(g.givenName, 60) || publicNameOrEmpty(g.email.split('@')[0] ?? '', 60) || 'Friend',
    lastName: publicNameOrEmpty(g.familyName, 60),
    emailVerified: true,
    googleSub: g.sub,
    signupSource: from ?? null,
  })
  if (created) return created
  // Another request created the same address a moment ago: link to it.
  return findOrCreate(db, g, from)
}

export default googleAuthRoutes
