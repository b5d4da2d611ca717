// Admin: search and view every listing; unpublish one with a reason the host receives by email and as a
// system message in their conversation with the admin. Unpublishing holds the listing: the host cannot
// publish it again until an admin lifts the hold.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AdminStorageDetailSchema, AdminStorageSchema, pageOf, RequiredReasonBodySchema, StorageListQuerySchema } from '@contract/admin'
import { uuidParam } from '@contract/messaging'
import { findAnyStorage, liftStorageHold, searchAllStorages, unpublishStorage, type AdminStorageRow } from '../service/storages'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { tellHostUnpublished } from '../service/listing-unpublished-notice'
import { searchChanged } from '../../../db/change-feed'

const IdParams = z.object({ id: uuidParam })
const iso = (d: Date | null) => (d ? d.toISOString() : null)

const dto = ({ storage: s, host }: AdminStorageRow) => ({
  id: s.id,
  title: s.title,
  city: s.city,
  state: s.state,
  status: s.status,
  heldByAdmin: s.heldByAdmin,
  holdReason: s.holdReason,
  priceCents: s.priceCents,
  hostId: host.id,
  hostName: `${host.firstName} ${host.lastName}`.trim(),
  hostEmail: host.email,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
})
const detail = (row: AdminStorageRow) => ({
  ...dto(row),
  description: row.storage.description,
  spaceType: row.storage.spaceType,
  publishedAt: iso(row.storage.publishedAt),
})

const adminStorageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/storages',
    { config: { auth: 'admin' }, schema: { querystring: StorageListQuerySchema, response: { 200: pageOf(AdminStorageSchema) } } },
    async (request) => {
      const { q, status, page, limit } = request.query
      const { rows, total } = await searchAllStorages(app.db, { q, status, page, limit })
      return { items: rows.map(dto), total, page, limit }
    },
  )

  app.get('/admin/storages/:id', { config: { auth: 'admin' }, schema: { params: IdParams, response: { 200: AdminStorageDetailSchema } } }, async (request) => {
    const row = await findAnyStorage(app.db, request.params.id)
    if (!row) throw notFound('Storage not found.')
    return detail(row)
  })

  app.post(
    '/admin/storages/:id/unpublish',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: RequiredReasonBodySchema, response: { 200: AdminStorageDetailSchema } } },
    async (request) => {
      const admin = signedIn(request)
      const { reason } = request.body
      const row = await unpublishStorage(app.db, admin, request.params.id, reason)
      await searchChanged(app.db) // here and on every instance
      // The host hears why, by email and in the app; the change stands even if a notice fails.
      const { storage, host } = row
      try {
        await tellHostUnpublished(app, request, { storage, host, adminId: admin.user.id, reason })
      } catch (err) {
        request.log.error({ err }, 'unpublish notice failed')
      }
      return detail(row)
    },
  )

  app.post(
    '/admin/storages/:id/lift-hold',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: RequiredReasonBodySchema, response: { 200: AdminStorageDetailSchema } } },
    async (request) => {
      const admin = signedIn(request)
      const row = await liftStorageHold(app.db, admin, request.params.id, request.body.reason)
      return detail(row)
    },
  )
}

export default adminStorageRoutes
