// GET and PATCH /user-profile: the signed-in user's own account.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ProfileUpdateSchema, UserSchema } from '@contract/user'
import { searchChanged } from '../../../db/change-feed'
import { findUserByEmail, updateUser } from '../service/users'
import { discardAccountTokens } from '../service/account-links'
import { emailChangedNotice } from '../service/account-emails'
import { publicBaseUrl } from '../../../lib/public-url'
import { refuseContactDetails } from '../../../lib/public-text'
import { conflict } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { sendVerificationLink } from '../service/account-links'
import { checkCurrentPassword } from '../service/current-password'
import { userDto } from '../service/session-reply'

const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/user-profile', { config: { auth: 'user' }, schema: { response: { 200: UserSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    return userDto(app, user)
  })

  app.patch('/user-profile', { config: { auth: 'user' }, schema: { body: ProfileUpdateSchema, response: { 200: UserSchema } } }, async (request) => {
    const { user } = signedIn(request)
    const { currentPassword, ...changes } = request.body
    refuseContactDetails({ firstName: changes.firstName, lastName: changes.lastName })
    const emailChanges = Boolean(changes.email && changes.email !== user.email.toLowerCase())
    if (emailChanges) {
      // A new address takes over sign-in and password resets: only the password's owner may set it.
      await checkCurrentPassword(app, request, user, currentPassword)
      const taken = await findUserByEmail(app.db, changes.email!)
      if (taken && taken.id !== user.id) throw conflict('Another account already uses this email.', 'email')
    } else delete changes.email
    // A new address is unproven (and grants no admin rights) until its owner opens the link sent to it.
    const updated = await updateUser(app.db, user.id, emailChanges ? { ...changes, emailVerified: false } : changes)
    if (!updated) throw conflict('Another account already uses this email.', 'email')
    // A host's name shows on each of their listings in search.
    if (updated.firstName !== user.firstName || updated.lastName !== user.lastName) await searchChanged(app.db)
    if (emailChanges) {
      await discardAccountTokens(app.db, user.id, 'reset-password')
      await sendVerificationLink(app, updated)
      const notice = emailChangedNotice(user.firstName, updated.email, publicBaseUrl(app.config))
      await app.mailer.send({ to: user.email, template: 'email-changed', ...notice })
    }
    return userDto(app, updated)
  })
}

export default profileRoutes
