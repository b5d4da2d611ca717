// Issues an emailed single-use link (a fresh random token; only its hash is stored) and sends it.
import type { FastifyInstance } from 'fastify'
import { discardAccountTokens, insertAccountToken } from '../queries/account-tokens'
import type { UserRow } from '../../../db/schema/users'
import { passwordResetEmail, resetPasswordUrl, verificationEmail, verifyEmailUrl } from './account-emails'
import { publicBaseUrl } from '../../../lib/public-url'
import { hashToken, newSessionToken, RESET_PASSWORD_TTL_MS, VERIFY_EMAIL_TTL_MS } from './sessions'

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

/**
 * Without SMTP_URL nothing leaves the machine and the outbox is read by admins only (who see no links in
 * it), so on such an install (a local one, usually) the link is printed on the server's console: at info
 * for everyone, at warn for an admin address, since the first admin could never read their own link.
 * With SMTP the link goes only by email.
 */
function printWithoutSmtp(app: FastifyInstance, user: LinkUser, what: string, url: string) {
  if (app.mailer.transport !== 'outbox') return
  if (app.config.adminEmails.includes(user.email.toLowerCase())) app.log.warn(`${what} link for admin address ${user.email}: ${url}`)
  else app.log.info(`${what} link for ${user.email} (no SMTP_URL, so it is not emailed): ${url}`)
}

export async function sendVerificationLink(app: FastifyInstance, user: LinkUser) {
  const url = verifyEmailUrl(publicBaseUrl(app.config), await issue(app, user, 'verify-email', VERIFY_EMAIL_TTL_MS))
  printWithoutSmtp(app, user, 'Email verification', url)
  await app.mailer.send({ to: user.email, template: 'verify-email', ...verificationEmail(user.firstName, url) })
}

export async function sendPasswordResetLink(app: FastifyInstance, user: LinkUser) {
  const url = resetPasswordUrl(publicBaseUrl(app.config), await issue(app, user, 'reset-password', RESET_PASSWORD_TTL_MS))
  printWithoutSmtp(app, user, 'Password reset', url)
  await app.mailer.send({ to: user.email, template: 'reset-password', ...passwordResetEmail(user.firstName, url) })
}

// Using an emailed link (verification, password reset) and dropping the ones left.
export { discardAccountTokens, peekAccountToken, useAccountToken } from '../queries/account-tokens'
