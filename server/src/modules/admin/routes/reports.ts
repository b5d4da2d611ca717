// Admin: the report queue (newest first, with the content, the reporter and the history) and its actions:
// hide the message, unpublish the listing (the same hold as the Listings tab), deactivate the account
// (as the Users tab does), or dismiss. Each is audited in its transaction and resolves the target's open reports.
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { pageOf } from '@contract/admin'
import { uuidParam } from '@contract/messaging'
import { AdminReportSchema, REPORT_REASON_LABELS, ReportQueueQuerySchema, ResolveReportBodySchema, SAFETY_TEXT, type ReportReason } from '@contract/safety'
import { conversationChanged, searchChanged, userChanged } from '../../../db/change-feed'
import type { Db } from '../../../db/client'
import { findAnyStorage, setStorageHold } from '../queries/admin-storages'
import { conversationPartners, lockUser, setUserFields, userCounts } from '../queries/admin-users'
import { findMessageForReport, findMessagePhotoBytes, findReport, hideMessage, listReports, resolveOpenReports } from '../../safety/queries/safety'
import { revokeAllSessions } from '../../accounts/queries/sessions'
import { pauseForHost } from '../../listings/queries/storages'
import type { ReportRow } from '../../../db/schema/safety'
import { reportView } from '../../safety/service/report-view'
import { badRequest, conflict, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { recordAudit } from './audit'
import { tellHostUnpublished } from '../service/listing-unpublished-notice'

const IdParams = z.object({ id: uuidParam })

const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/reports',
    { config: { auth: 'admin' }, schema: { querystring: ReportQueueQuerySchema, response: { 200: pageOf(AdminReportSchema) } } },
    async (request) => {
      const { status, page, limit } = request.query
      const { rows, total } = await listReports(app.db, { status, page, limit })
      return { items: await Promise.all(rows.map((r) => reportView(app.db, r))), total, page, limit }
    },
  )

  // A reported message's photo, even once removed: the admin reviews what was sent.
  app.get('/admin/message-photos/:photoId', { config: { auth: 'admin' }, schema: { params: z.object({ photoId: uuidParam }) } }, async (request, reply) => {
    const photo = await findMessagePhotoBytes(app.db, request.params.photoId)
    if (!photo) throw notFound('Photo not found.')
    return reply.header('content-type', photo.contentType).header('content-disposition', 'inline').send(photo.bytes)
  })

  app.post(
    '/admin/reports/:id/resolve',
    { config: { auth: 'admin' }, schema: { params: IdParams, body: ResolveReportBodySchema, response: { 200: AdminReportSchema } } },
    async (request) => {
      const admin = signedIn(request)
      const { action } = request.body
      const after: (() => Promise<void>)[] = []
      const report = await app.db.transaction(async (tx) => {
        const found = await findReport(tx, request.params.id, { lock: true })
        if (!found) throw notFound('Report not found.')
        if (found.status !== 'open') throw conflict('This report has already been handled.', 'status')
        const reason = request.body.reason || `Reported: ${REPORT_REASON_LABELS[found.reason as ReportReason] ?? found.reason}`
        const audit = (input: Omit<Parameters<typeof recordAudit>[2], 'reason'>) => recordAudit(tx, admin, { ...input, reason })
        const resolve = (status: 'resolved' | 'dismissed') =>
          resolveOpenReports(tx, found.targetType, found.targetId, { status, resolution: action, resolvedBy: admin.user.id })

        if (action === 'dismiss') {
          await audit({ action: 'report.dismiss', targetType: 'report', targetId: found.id, before: { status: 'open' }, after: { status: 'dismissed' } })
          await resolve('dismissed')
        } else if (action === 'hide-message') {
          after.push(...(await hide(tx, found, audit)))
          await resolve('resolved')
        } else if (action === 'unpublish-listing') {
          after.push(await unpublish(tx, request, found, reason, audit))
          await resolve('resolved')
        } else {
          after.push(await deactivate(tx, admin.user.id, found, audit))
          await resolve('resolved')
        }
        return (await findReport(tx, found.id))!
      })
      for (const step of after) await step().catch((err: unknown) => request.log.error({ err }, 'report action follow-up failed'))
      return reportView(app.db, report)
    },
  )

  type Audit = (input: Omit<Parameters<typeof recordAudit>[2], 'reason'>) => Promise<unknown>

  async function hide(tx: Db, report: ReportRow, audit: Audit) {
    if (report.targetType !== 'message') throw badRequest('Only a reported message can be hidden.', 'action')
    const m = await findMessageForReport(tx, report.targetId)
    if (!m) throw notFound('Message not found.')
    if (await hideMessage(tx, m.id, SAFETY_TEXT.removedMessage)) {
      await audit({ action: 'message.hide', targetType: 'message', targetId: m.id, before: { hidden: false }, after: { hidden: true, reportId: report.id } })
    }
    // Both sides' open chats and lists learn of it on their next poll.
    return [() => conversationChanged(app.db, m.senderId, m.receiverId)]
  }

  async function unpublish(tx: Db, request: FastifyRequest, report: ReportRow, reason: string, audit: Audit) {
    if (report.targetType !== 'storage') throw badRequest('Only a reported listing can be unpublished.', 'action')
    const found = await findAnyStorage(tx, report.targetId, { lock: true })
    if (!found) throw notFound('Storage not found.')
    if (found.storage.status !== 'active') throw conflict('Only a published listing can be unpublished.', 'status')
    await setStorageHold(tx, found.storage.id, { reason })
    await audit({
      action: 'storage.unpublish',
      targetType: 'storage',
      targetId: found.storage.id,
      before: { status: 'active' },
      after: { status: 'paused', heldByAdmin: true, reportId: report.id },
    })
    const admin = signedIn(request)
    const { storage, host } = found
    // The host hears why, as from the Listings tab: by email and in the app.
    return async () => {
      await searchChanged(app.db)
      await tellHostUnpublished(app, request, { storage, host, adminId: admin.user.id, reason })
    }
  }

  async function deactivate(tx: Db, adminId: string, report: ReportRow, audit: Audit) {
    const userId = report.targetUserId
    if (!userId) throw notFound('User not found.')
    if (userId === adminId) throw badRequest('You cannot deactivate your own account.', 'action')
    const user = await lockUser(tx, userId)
    if (!user) throw notFound('User not found.')
    if (!user.deactivatedAt) {
      const { activeSessions, conversations } = await userCounts(tx, user.id)
      const updated = await setUserFields(tx, user.id, { deactivatedAt: new Date() })
      await revokeAllSessions(tx, user.id)
      const listingsPaused = await pauseForHost(tx, user.id)
      await audit({
        action: 'user.deactivate',
        targetType: 'user',
        targetId: user.id,
        before: { deactivatedAt: null, activeSessions },
        after: {
          deactivatedAt: updated.deactivatedAt?.toISOString() ?? null,
          activeSessions: 0,
          conversationsClosed: conversations,
          listingsPaused,
          reportId: report.id,
        },
      })
    }
    return async () => {
      await userChanged(app.db, userId)
      for (const other of await conversationPartners(app.db, userId)) await conversationChanged(app.db, userId, other)
      await searchChanged(app.db)
    }
  }
}

export default adminReportRoutes
