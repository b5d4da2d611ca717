// Admin: search and view accounts; deactivate (ends every session; their conversations show as closed,
// isAutoClosed; their published listings leave search) and reactivate (those listings come back); make or
// remove an admin. Each change is audited in its transaction.
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AdminUserDetailSchema, AdminUserSchema, pageOf, ReasonBodySchema, SetAdminBodySchema, UserListQuerySchema } from '@contract/admin'
import { uuidParam } from '@contract/messaging'
import type { Db } from '../../../db/client'
import { announceUserChange, changeUser, deactivateUser, reactivateUser, searchUsers, setUserAdmin, userCounts, type UserChange } from '../service/users'
import { findUserById } from '../../accounts/service/users'
import type { UserRow } from '../../../db/schema/users'
import { badRequest, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { isDeletedAccount } from '../../accounts/service/account-deletion'

const iso = (d: Date | null) => (d ? d.toISOString() : null)
const IdParams = z.object({ id: uuidParam })

const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const dto = (u: UserRow) => ({
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    emailVerified: u.emailVerified,
    isAdmin: u.isAdmin,
    isAdminByEmail: u.emailVerified && app.config.adminEmails.includes(u.email.toLowerCase()),
    deactivatedAt: iso(u.deactivatedAt),
    createdAt: u.createdAt.toISOString(),
    signupSource: u.signupSource,
    googleLinked: Boolean(u.googleSub),
  })
  const detail = async (db: Db, u: UserRow) => ({ ...dto(u), ...(await userCounts(db, u.id)) })

  app.get(
    '/admin/users',
    { config: { auth: 'admin' }, schema: { querystring: UserListQuerySchema, response: { 200: pageOf(AdminUserSchema) } } },
    async (request) => {
      const { q, status, page, limit } = request.query
      const { rows, total } = await searchUsers(app.db, { q, status, page, limit, adminEmails: app.config.adminEmails })
      return { items: rows.map(dto), total, page, limit }
    },
  )

  app.get('/admin/users/:id', { config: { auth: 'admin' }, schema: { params: IdParams, response: { 200: AdminUserDetailSchema } } }, async (request) => {
    const user = await findUserById(app.db, request.params.id)
    if (!user) throw notFound('User not found.')
    return detail(app.db, user)
  })

  /** Runs a change on the locked account and audits it, in one transaction; then tells everyone who shows it. */
  async function change(request: FastifyRequest, id: string, apply: (tx: Db, user: UserRow) => Promise<UserChange>) {
    const user = await changeUser(app.db, signedIn(request), id, apply)
    // Committed: deactivating pauses the host's listings, reactivating publishes them again.
    await announceUserChange(app.db, id)
    return detail(app.db, user)
  }

  app.post(
    '/admin/users/:id/deactivate',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: ReasonBodySchema.nullish(), response: { 200: AdminUserDetailSchema } } },
    async (request) => {
      const admin = signedIn(request)
      if (request.params.id === admin.user.id) throw badRequest('You cannot deactivate your own account.', 'id')
      return change(request, request.params.id, async (tx, user) => {
        if (user.deactivatedAt) return null // already deactivated: nothing changes, nothing to record
        const { activeSessions, conversations, updated, listingsPaused } = await deactivateUser(tx, user)
        return {
          action: 'user.deactivate',
          reason: request.body?.reason ?? '',
          before: { deactivatedAt: null, activeSessions },
          after: { deactivatedAt: iso(updated.deactivatedAt), activeSessions: 0, conversationsClosed: conversations, listingsPaused },
        }
      })
    },
  )

  app.post(
    '/admin/users/:id/reactivate',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: ReasonBodySchema.nullish(), response: { 200: AdminUserDetailSchema } } },
    async (request) => {
      let published: string[] = []
      const answer = await change(request, request.params.id, async (tx, user) => {
        if (!user.deactivatedAt) return null
        if (isDeletedAccount(user)) throw badRequest('This account was deleted by its owner and cannot be reactivated.', 'id')
        published = await reactivateUser(tx, user)
        return {
          action: 'user.reactivate',
          reason: request.body?.reason ?? '',
          before: { deactivatedAt: iso(user.deactivatedAt) },
          after: { deactivatedAt: null, listingsPublished: published.length },
        }
      })
      // Committed: the listings back in search are news to saved searches.
      if (published.length > 0) await app.savedSearchAlerts.listingVisible(published)
      return answer
    },
  )

  app.post(
    '/admin/users/:id/admin',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: SetAdminBodySchema, response: { 200: AdminUserDetailSchema } } },
    async (request) => {
      const admin = signedIn(request)
      const { isAdmin } = request.body
      if (request.params.id === admin.user.id && !isAdmin) throw badRequest('You cannot remove your own admin rights.', 'isAdmin')
      return change(request, request.params.id, async (tx, user) => {
        if (user.isAdmin === isAdmin) return null
        await setUserAdmin(tx, user, isAdmin)
        return { action: isAdmin ? 'user.make-admin' : 'user.remove-admin', before: { isAdmin: user.isAdmin }, after: { isAdmin } }
      })
    },
  )
}

export default adminUserRoutes
