// Asks for the current password again before a sensitive change (the password itself, the email), with
// its own throttle so a stolen session cannot be used to guess the password.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { UserRow } from '../../../db/schema/users'
import { verifyPassword } from './passwords'
import { minutesText } from './throttles'
import { badRequest, tooManyRequests } from '../../../errors'
import { reserve } from './throttle'

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect.'

export async function checkCurrentPassword(app: FastifyInstance, request: FastifyRequest, user: UserRow, password: string | undefined) {
  if (!password) throw badRequest('Enter your current password to make this change.', 'currentPassword')
  const attempt = await reserve(app, request, 'password-check', user.id)
  if (attempt.blocked) throw tooManyRequests(`Too many wrong passwords. Please try again in ${minutesText(attempt.retryAfter)}.`, attempt.retryAfter)
  if (!(await verifyPassword(user.passwordHash, password))) throw badRequest(CURRENT_PASSWORD_WRONG, 'currentPassword')
  await attempt.clear()
}
