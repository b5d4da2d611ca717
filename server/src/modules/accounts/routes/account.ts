// The signed-in user's own account: delete it, download its data, and find the support conversation.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AccountDeleteBodySchema, AccountDeletedSchema, AccountDeletionCheckSchema, DELETE_CONFIRMATION_PHRASE, SupportContactSchema } from '@contract/account'
import { conversationPartners } from '../../admin/service/users'
import { conversationChanged, searchChanged, userChanged } from '../../../db/change-feed'
import { blockingMessage, bookingsBlockingDeletion, deleteAccount } from '../service/account-deletion'
import { exportAccount } from '../service/account-export'
import { badRequest, HttpError, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { checkCurrentPassword } from '../service/current-password'
import { supportAgent } from '../service/support-contact'

const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/account/deletion', { config: { auth: 'user' }, schema: { response: { 200: AccountDeletionCheckSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    const blocking = await bookingsBlockingDeletion(app.db, user.id)
    reply.header('cache-control', 'private, no-store')
    return { hasPassword: Boolean(user.passwordHash), blockedBy: blocking.length ? blockingMessage(blocking.length) : null }
  })

  app.post(
    '/account/delete',
    { config: { auth: 'user' }, schema: { body: AccountDeleteBodySchema, response: { 200: AccountDeletedSchema } } },
    async (request) => {
      const { user } = signedIn(request)
      const { password, confirmation } = request.body
      if (user.passwordHash) {
        if (!password) throw badRequest('Enter your password to delete your account.', 'password')
        try {
          await checkCurrentPassword(app, request, user, password)
        } catch (err) {
          // The shared check names its field for the profile form; this form's field is `password`.
          if (err instanceof HttpError && err.extra.field === 'currentPassword') throw badRequest(err.message, 'password')
          throw err
        }
      } else if (confirmation?.trim() !== DELETE_CONFIRMATION_PHRASE) {
        throw badRequest(`Type ${DELETE_CONFIRMATION_PHRASE} to confirm.`, 'confirmation')
      }
      const partners = await conversationPartners(app.db, user.id)
      await deleteAccount(app.db, user.id)
      // Committed: every instance drops the account's cached sessions, the people it talked with see the
      // conversation closed and the new name, and search forgets its listings.
      await userChanged(app.db, user.id)
      for (const other of partners) await conversationChanged(app.db, user.id, other)
      await searchChanged(app.db)
      return { ok: true as const }
    },
  )

  app.get('/account/export', { config: { auth: 'user' } }, async (request, reply) => {
    const { user } = signedIn(request)
    const data = await exportAccount(app.db, user)
    const day = new Date().toISOString().slice(0, 10)
    reply.header('cache-control', 'private, no-store')
    reply.header('content-type', 'application/json; charset=utf-8')
    reply.header('content-disposition', `attachment; filename="nookshare-data-${day}.json"`)
    return JSON.stringify(data, null, 2)
  })

  // Support is the team's own administrator account (the oldest active one, by the flag or a verified
  // ADMIN_EMAILS address): a message there lands in an admin's /messages like any other, answered there.
  app.get('/account/support', { config: { auth: 'user' }, schema: { response: { 200: SupportContactSchema } } }, async (request) => {
    const { user } = signedIn(request)
    const agent = await supportAgent(app.db, app.config.adminEmails)
    if (!agent || agent.id === user.id) throw notFound('Support is not available in the app right now. Please email info@nookshare.app.')
    return { userId: agent.id, name: `${agent.firstName} ${agent.lastName}`.trim() }
  })
}

export default accountRoutes
