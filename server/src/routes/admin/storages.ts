// Admin: search and view every listing; unpublish one with a reason the host receives by email and as a
// system message in their conversation with the admin.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AdminStorageDetailSchema, AdminStorageSchema, pageOf, RequiredReasonBodySchema, StorageListQuerySchema } from '../../../../src/schemas/admin'
import { uuidParam } from '../../../../src/schemas/messaging'
import type { Db } from '../../db/client'
import { findAnyStorage, searchAllStorages, setStorageStatus, type AdminStorageRow } from '../../db/queries/admin-storages'
import { listingUnpublishedEmail, unpublishedNotice } from '../../domain/admin-emails'
import { publicBaseUrl } from '../../domain/public-url'
import { postSystemMessage } from '../../domain/system-messages'
import { conflict, notFound } from '../../errors'
import { requireAdmin } from '../../plugins/auth'
import { recordAudit } from './audit'
import { searchChanged } from '../../db/change-feed'

const IdParams = z.object({ id: uuidParam })
const iso = (d: Date | null) => (d ? d.toISOString() : null)

const dto = ({ storage: s, host }: AdminStorageRow) => ({
  id: s.id,
  title: s.title,
  city: s.city,
  state: s.state,
  status: s.status,
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
  app.get('/admin/storages', { schema: { querystring: StorageListQuerySchema, response: { 200: pageOf(AdminStorageSchema) } } }, async (request) => {
    const { q, status, page, limit } = request.query
    const { rows, total } = await searchAllStorages(app.db, { q, status, page, limit })
    return { items: rows.map(dto), total, page, limit }
  })

  app.get('/admin/storages/:id', { schema: { params: IdParams, response: { 200: AdminStorageDetailSchema } } }, async (request) => {
    const row = await findAnyStorage(app.db, request.params.id)
    if (!row) throw notFound('Storage not found.')
    return detail(row)
  })

  app.post(
    '/admin/storages/:id/unpublish',
    { schema: { params: IdParams, body: RequiredReasonBodySchema, response: { 200: AdminStorageDetailSchema } } },
    async (request) => {
      const admin = await requireAdmin(request)
      const { reason } = request.body
      const row = await app.db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db
        const found = await findAnyStorage(tx, request.params.id, { lock: true })
        if (!found) throw notFound('Storage not found.')
        if (found.storage.status !== 'active') throw conflict('Only a published listing can be unpublished.', 'status')
        await setStorageStatus(tx, found.storage.id, 'paused')
        await recordAudit(tx, admin, {
          action: 'storage.unpublish',
          targetType: 'storage',
          targetId: found.storage.id,
          before: { status: 'active' },
          after: { status: 'paused' },
          reason,
        })
        return (await findAnyStorage(tx, found.storage.id))!
      })
      await searchChanged(app.db) // here and on every instance
      // The host hears why, by email and in the app; the change stands even if a notice fails.
      const { storage, host } = row
      const url = `${publicBaseUrl(app.config, request)}/storage/edit/${storage.id}`
      try {
        await app.mailer.send({
          to: host.email,
          template: 'listing-unpublished',
          ...listingUnpublishedEmail({ firstName: host.firstName, title: storage.title, reason, url }),
        })
        if (host.id !== admin.user.id) {
          await postSystemMessage(app.db, {
            fromUserId: admin.user.id,
            toUserId: host.id,
            content: unpublishedNotice(storage.title, reason),
            storageId: storage.id,
          })
        }
      } catch (err) {
        request.log.error({ err }, 'unpublish notice failed')
      }
      return detail(row)
    },
  )
}

export default adminStorageRoutes
