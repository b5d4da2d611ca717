// Signing up, in and out, and changing the password: the throttles (per network for new accounts, per
// account for sign-ins), the password rules, the referral a new account came with, and the sessions each
// step starts or ends.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import type { ChangePasswordBodySchema, LoginBodySchema, RegisterBodySchema } from '@contract/user'
import type { UserRow } from '../../../db/schema/users'
import { badRequest, conflict, tooManyRequests, unauthorized } from '../../../errors'
import { refuseContactDetails } from '../../../lib/public-text'
import { deleteSessionSubscriptions } from '../../notifications/service/push-subscriptions'
import { discardAccountTokens, sendVerificationLink } from './account-links'
import { checkCurrentPassword } from './current-password'
import { dummyPasswordHash, hashPassword, verifyPassword, weakPasswordProblem } from './passwords'
import { findReferrerByCode, recordReferral } from './referrals'
import { startSession } from './session-reply'
import { revokeOtherSessions, revokeSession } from './sessions'
import { reserve } from './throttle'
import { minutesText } from './throttles'
import { findUserByEmail, insertUser, updateUser } from './users'

/** A new account (its verification link sent), signed in. */
export async function register(app: FastifyInstance, request: FastifyRequest, body: z.infer<typeof RegisterBodySchema>) {
  const attempt = await reserve(app, request, 'register', 'ip')
  if (attempt.blocked)
    throw tooManyRequests(`Too many new accounts from your network. Please try again in ${minutesText(attempt.retryAfter)}.`, attempt.retryAfter)
  refuseContactDetails({ firstName: body.firstName, lastName: body.lastName })
  const weak = weakPasswordProblem(body.password, [body.email, body.firstName, body.lastName])
  if (weak) throw badRequest(weak, 'password')
  const referrer = body.referralCode ? await findReferrerByCode(app.db, body.referralCode) : undefined
  if (body.referralCode && !referrer)
    throw badRequest('referralCode: This referral code does not exist. Check the link you were sent, or leave it empty.', 'referralCode')
  // Never an admin here: ADMIN_EMAILS counts only once the address is verified.
  const user = await insertUser(app.db, {
    email: body.email,
    passwordHash: await hashPassword(body.password),
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone ?? '',
    signupSource: body.from ?? null,
    referredBy: body.referralCode ? body.referralCode.toUpperCase() : null,
  })
  if (!user) throw conflict('An account with this email already exists. Try logging in instead.', 'email')
  if (referrer) await recordReferral(app.db, referrer, user)
  await sendVerificationLink(app, user)
  return startSession(app, request, user)
}

/** Signed in by email and password; a wrong one costs the same time whether the account exists or not. */
export async function logIn(app: FastifyInstance, request: FastifyRequest, { email, password }: z.infer<typeof LoginBodySchema>) {
  // Reserved before argon2 runs: concurrent guesses each count before any of them is checked.
  const attempt = await reserve(app, request, 'login', email)
  if (attempt.blocked === 'slow-down') {
    const wait = `${attempt.retryAfter} second${attempt.retryAfter === 1 ? '' : 's'}`
    throw tooManyRequests(`Too many sign-in attempts on this account. Please wait ${wait} and try again.`, attempt.retryAfter)
  }
  if (attempt.blocked) throw tooManyRequests(`Too many sign-in attempts. Please try again in ${minutesText(attempt.retryAfter)}.`, attempt.retryAfter)
  const user = await findUserByEmail(app.db, email)
  const ok =
    user && !user.deactivatedAt ? await verifyPassword(user.passwordHash, password) : (await verifyPassword(await dummyPasswordHash(), password), false)
  if (!user || !ok) throw unauthorized('Incorrect email or password.')
  await attempt.clear()
  return startSession(app, request, user)
}

/** This session ends, and the push subscriptions made under it. */
export async function logOut(app: FastifyInstance, sessionId: string) {
  await revokeSession(app.db, sessionId)
  await deleteSessionSubscriptions(app.db, sessionId)
}

/** A new password: the current one checked, every other session ended, open reset links discarded. */
export async function changePassword(
  app: FastifyInstance,
  request: FastifyRequest,
  { user, sessionId }: { user: UserRow; sessionId: string },
  { currentPassword, newPassword }: z.infer<typeof ChangePasswordBodySchema>,
) {
  await checkCurrentPassword(app, request, user, currentPassword)
  const weak = weakPasswordProblem(newPassword, [user.email, user.firstName, user.lastName])
  if (weak) throw badRequest(weak.replace(/^password/, 'newPassword'), 'newPassword')
  await updateUser(app.db, user.id, { passwordHash: await hashPassword(newPassword) })
  await revokeOtherSessions(app.db, user.id, sessionId)
  await discardAccountTokens(app.db, user.id, 'reset-password')
}
