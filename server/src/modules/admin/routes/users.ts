// Admin: search and view accounts; deactivate (ends every session; their conversations show as closed,
// isAutoClosed; their published listings leave search) and reactivate (those listings come back); make or
// remove an admin. Each change is audited in its transaction.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AdminUserDetailSchema, AdminUserSchema, pageOf, ReasonBodySchema, SetAdminBodySchema, UserListQuerySchema } from '@contract/admin'
import { uuidParam } from '@contract/messaging'
import { adminUserDetail, adminUserDto, deactivateAccount, reactivateAccount, searchUsers, setAccountAdmin } from '../service/users'
import { findUserById } from '../../accounts/service/users'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'

const IdParams = z.object({ id: uuidParam })

const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { adminEmails } = app.config

  app.get(
    '/admin/users',
    { config: { auth: 'admin' }, schema: { querystring: UserListQuerySchema, response: { 200: pageOf(AdminUserSchema) } } },
    async (request) => {
      const { q, status, page, limit } = request.query
      const { rows, total } = await searchUsers(app.db, { q, status, page, limit, adminEmails })
      return { items: rows.map((u) => adminUserDto(u, adminEmails)), total, page, limit }
    },
  )

  app.get('/admin/users/:id', { config: { auth: 'admin' }, schema: { params: IdParams, response: { 200: AdminUserDetailSchema } } }, async (request) => {
    const user = await findUserById(app.db, request.params.id)
    if (!user) throw notFound('User not found.')
    return adminUserDetail(app.db, user, adminEmails)
  })

  app.post(
    '/admin/users/:id/deactivate',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: ReasonBodySchema.nullish(), response: { 200: AdminUserDetailSchema } } },
    async (request) => {
      const user = await deactivateAccount(app.db, signedIn(request), request.params.id, request.body?.reason)
      return adminUserDetail(app.db, user, adminEmails)
    },
  )

  app.post(
    '/admin/users/:id/reactivate',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: ReasonBodySchema.nullish(), response: { 200: AdminUserDetailSchema } } },
    async (request) => {
      const { user, published } = await reactivateAccount(app.db, signedIn(request), request.params.id, request.body?.reason)
      // Committed: the listings back in search are news to saved searches.
      if (published.length > 0) await app.savedSearchAlerts.listingVisible(published)
      return adminUserDetail(app.db, user, adminEmails)
    },
  )

  app.post(
    '/admin/users/:id/admin',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: SetAdminBodySchema, response: { 200: AdminUserDetailSchema } } },
    async (request) => {
      const user = await setAccountAdmin(app.db, signedIn(request), request.params.id, request.body.isAdmin)
      return adminUserDetail(app.db, user, adminEmails)
    },
  )
}

export default adminUserRoutes
