// Resolving a report from the admin's queue: hide the message, unpublish the listing (the same hold as the
// Listings tab), deactivate the account (as the Users tab does), or dismiss. Each is audited in its
// transaction and resolves the target's open reports; what others must learn runs once it is committed.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { REPORT_REASON_LABELS, SAFETY_TEXT, type ReportReason, type ResolveReportBodySchema } from '@contract/safety'
import { conversationChanged, searchChanged } from '../../../db/change-feed'
import type { Db } from '../../../db/client'
import type { ReportRow } from '../../../db/schema/safety'
import { badRequest, conflict, notFound } from '../../../errors'
import type { AuthState } from '../../../plugins/auth'
import { findMessageForReport, findReport, hideMessage, resolveOpenReports } from '../../safety/service/reports'
import { findAnyStorage, setStorageHold } from '../queries/admin-storages'
import { lockUser } from '../queries/admin-users'
import { recordAudit, type AuditInput } from './audit'
import { tellHostUnpublished } from './listing-unpublished-notice'
import { announceUserChange, deactivateUser } from './users'

type Audit = (input: Omit<AuditInput, 'reason'>) => Promise<unknown>
/** A step that runs once the transaction is committed (a change-feed notice, an email). */
export type FollowUp = () => Promise<void>

/** Resolves the open report in one transaction; returns it as it is then, and the follow-ups to run after. */
export async function resolveReport(
  app: FastifyInstance,
  request: FastifyRequest,
  admin: AuthState,
  id: string,
  body: z.output<typeof ResolveReportBodySchema>,
): Promise<{ report: ReportRow; after: FollowUp[] }> {
  const { action } = body
  const after: FollowUp[] = []
  const report = await app.db.transaction(async (tx) => {
    const found = await findReport(tx, id, { lock: true })
    if (!found) throw notFound('Report not found.')
    if (found.status !== 'open') throw conflict('This report has already been handled.', 'status')
    const reason = body.reason || `Reported: ${REPORT_REASON_LABELS[found.reason as ReportReason] ?? found.reason}`
    const audit: Audit = (input) => recordAudit(tx, admin, { ...input, reason })
    const resolve = (status: 'resolved' | 'dismissed') =>
      resolveOpenReports(tx, found.targetType, found.targetId, { status, resolution: action, resolvedBy: admin.user.id })

    if (action === 'dismiss') {
      await audit({ action: 'report.dismiss', targetType: 'report', targetId: found.id, before: { status: 'open' }, after: { status: 'dismissed' } })
      await resolve('dismissed')
    } else if (action === 'hide-message') {
      after.push(...(await hide(app, tx, found, audit)))
      await resolve('resolved')
    } else if (action === 'unpublish-listing') {
      after.push(await unpublish(app, tx, request, admin, found, reason, audit))
      await resolve('resolved')
    } else {
      after.push(await deactivate(app, tx, admin.user.id, found, audit))
      await resolve('resolved')
    }
    return (await findReport(tx, found.id))!
  })
  return { report, after }
}

async function hide(app: FastifyInstance, tx: Db, report: ReportRow, audit: Audit): Promise<FollowUp[]> {
  if (report.targetType !== 'message') throw badRequest('Only a reported message can be hidden.', 'action')
  const m = await findMessageForReport(tx, report.targetId)
  if (!m) throw notFound('Message not found.')
  if (await hideMessage(tx, m.id, SAFETY_TEXT.removedMessage)) {
    await audit({ action: 'message.hide', targetType: 'message', targetId: m.id, before: { hidden: false }, after: { hidden: true, reportId: report.id } })
  }
  // Both sides' open chats and lists learn of it on their next poll.
  return [() => conversationChanged(app.db, m.senderId, m.receiverId)]
}

async function unpublish(
  app: FastifyInstance,
  tx: Db,
  request: FastifyRequest,
  admin: AuthState,
  report: ReportRow,
  reason: string,
  audit: Audit,
): Promise<FollowUp> {
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
  const { storage, host } = found
  // The host hears why, as from the Listings tab: by email and in the app.
  return async () => {
    await searchChanged(app.db)
    await tellHostUnpublished(app, request, { storage, host, adminId: admin.user.id, reason })
  }
}

async function deactivate(app: FastifyInstance, tx: Db, adminId: string, report: ReportRow, audit: Audit): Promise<FollowUp> {
  const userId = report.targetUserId
  if (!userId) throw notFound('User not found.')
  if (userId === adminId) throw badRequest('You cannot deactivate your own account.', 'action')
  const user = await lockUser(tx, userId)
  if (!user) throw notFound('User not found.')
  if (!user.deactivatedAt) {
    const { activeSessions, conversations, updated, listingsPaused } = await deactivateUser(tx, user)
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
  return () => announceUserChange(app.db, userId)
}
