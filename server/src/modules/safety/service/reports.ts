// Filing a report: the target must exist and be something the reporter could see (a message only in
// their own conversation, never their own message, listing or account); a repeat updates the open one.
import type { CreateReportBodySchema } from '@contract/safety'
import type { z } from 'zod'
import type { Db } from '../../../db/client'
import { findMessageForReport, findStorageForReport, upsertOpenReport } from '../queries/safety'
import { findUserById } from '../../accounts/service/users'
import { badRequest, notFound } from '../../../errors'

// The messages an admin removed from a conversation (a chat shows them as removed).
export { listRemovedMessageIds } from '../queries/safety'

type Body = z.output<typeof CreateReportBodySchema>

async function targetOwner(db: Db, reporterId: string, { targetType, targetId }: Body): Promise<string> {
  if (targetType === 'message') {
    const m = await findMessageForReport(db, targetId)
    if (!m || (m.senderId !== reporterId && m.receiverId !== reporterId)) throw notFound('Message not found.')
    if (m.isSystem) throw badRequest('Notices from Nookshare cannot be reported.', 'targetId')
    if (m.senderId === reporterId) throw badRequest('You cannot report your own message.', 'targetId')
    return m.senderId
  }
  if (targetType === 'storage') {
    const s = await findStorageForReport(db, targetId)
    if (!s || s.status === 'removed') throw notFound('Listing not found.')
    if (s.hostId === reporterId) throw badRequest('You cannot report your own listing.', 'targetId')
    return s.hostId
  }
  if (targetId === reporterId) throw badRequest('You cannot report yourself.', 'targetId')
  const u = await findUserById(db, targetId)
  if (!u) throw notFound('User not found.')
  return u.id
}

export async function fileReport(db: Db, reporterId: string, body: Body) {
  const targetUserId = await targetOwner(db, reporterId, body)
  return upsertOpenReport(db, { reporterId, targetType: body.targetType, targetId: body.targetId, targetUserId, reason: body.reason, note: body.note })
}

// The report queue and the admin's actions on it (hide the message, resolve the target's open reports).
export { findMessageForReport, findMessagePhotoBytes, findReport, hideMessage, listReports, resolveOpenReports } from '../queries/safety'
