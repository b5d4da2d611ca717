// Issues an emailed single-use link (a fresh random token; only its hash is stored) and sends it.
import type { FastifyInstance } from 'fastify'
import { discardAccountTokens, insertAccountToken } from '../../db/queries/account-tokens'
import type { UserRow } from '../../db/schema/users'
import { passwordResetEmail, resetPasswordUrl, verificationEmail, verifyEmailUrl } from '../../domain/account-emails'
import { publicBaseUrl } from '../../domain/public-url'
import { hashToken, newSessionToken, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from '../../domain/sessions'

type LinkUser = Pick<UserRow, 'id' | 'email' | 'firstName'>

async function issue(app: FastifyInstance, user: LinkUser, purpose: 'verify-email' | 'reset-password', ttlMs: number) {
  // Only the newest link works: an older email lying in an inbox is dead.
  await discardAccountTokens(app.db, user.id, purpose)
  const token = newSessionToken()
  await insertAccountToken(app.db, {
    userId: user.id,
    purpose,
    tokenHash: hashToken(token),
    email: user.email.toLowerCase(),
    expiresAt: new Date(Date.now() + ttlMs),
  })
  return token
}

export async function sendVerificationLink(app: FastifyInstance, user: LinkUser) {
  const url = verifyEmailUrl(publicBaseUrl(app.config), await issue(app, user, 'verify-email', VERIFY_EMAIL_TTL_MS))
  // Without SMTP the outbox is read by admins only, so the first admin could never see their own link:
  // the operator gets it on the server's console instead.
  if (app.mailer.transport === 'outbox' && app.config.adminEmails.includes(user.email.toLowerCase())) {
    app.log.warn(`Email verification link for admin address ${user.email}: ${url}`)
  }
  await app.mailer.send({ to: user.email, template: 'verify-email', ...verificationEmail(user.firstName, url) })
}

export async function sendPasswordResetLink(app: FastifyInstance, user: LinkUser) {
  const url = resetPasswordUrl(publicBaseUrl(app.config), await issue(app, user, 'reset-password', RESET_PASSWORD_TTL_MS))
  await app.mailer.send({ to: user.email, template: 'reset-password', ...passwordResetEmail(user.firstName, url) })
}
