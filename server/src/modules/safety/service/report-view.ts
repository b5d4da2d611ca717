// The admin queue's view of a report: the reported content as it is now (a message's text and photos, a
// listing's summary, an account), the reporter, and earlier reports about the same target or person.
import type { AdminReport, ReportContent } from '@contract/safety'
import type { Db } from '../../../db/client'
import {
  countReportsBy,
  findMessageForReport,
  findPeople,
  findStorageForReport,
  lastMessagesBetween,
  messagePhotoIds,
  messagesAround,
  reportHistory,
  type ContextMessageRow,
  type PersonRow,
} from '../queries/safety'
import type { ReportRow } from '../../../db/schema/safety'

const iso = (d: Date | null) => (d ? d.toISOString() : null)
const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim()
const person = (p: PersonRow | undefined, id: string) =>
  p
    ? { id: p.id, name: nameOf(p) || p.email, email: p.email, deactivated: Boolean(p.deactivatedAt) }
    : { id, name: 'A deleted user', email: '', deactivated: true }

async function contentOf(db: Db, r: ReportRow): Promise<ReportContent> {
  if (r.targetType === 'message') {
    const m = await findMessageForReport(db, r.targetId)
    if (!m) return { type: 'gone' }
    const people = await findPeople(db, [m.senderId, m.receiverId])
    return {
      type: 'message',
      text: m.content,
      photos: await messagePhotoIds(db, m.id),
      sentAt: m.createdAt.toISOString(),
      hidden: Boolean(m.hiddenAt),
      sender: person(people.get(m.senderId), m.senderId),
      receiver: person(people.get(m.receiverId), m.receiverId),
    }
  }
  if (r.targetType === 'storage') {
    const s = await findStorageForReport(db, r.targetId)
    if (!s) return { type: 'gone' }
    const people = await findPeople(db, [s.hostId])
    return {
      type: 'storage',
      title: s.title || 'Untitled listing',
      city: s.city,
      status: s.status,
      heldByAdmin: s.heldByAdmin,
      host: person(people.get(s.hostId), s.hostId),
    }
  }
  const people = await findPeople(db, [r.targetId])
  const u = people.get(r.targetId)
  return u ? { type: 'user', user: person(u, u.id), memberSince: u.createdAt.toISOString() } : { type: 'gone' }
}

/** The talk around the report: a reported message with its neighbours, or the reporter's last messages with a reported user. */
async function conversationOf(db: Db, r: ReportRow): Promise<AdminReport['conversation']> {
  let rows: ContextMessageRow[] = []
  let reportedId: string | null = null
  if (r.targetType === 'message') {
    const m = await findMessageForReport(db, r.targetId)
    if (!m) return []
    reportedId = m.id
    const { before, after } = await messagesAround(db, m.conversationId, m.seq)
    // A message alone in its conversation has no context to show beyond itself.
    if (before.length + after.length === 0) return []
    rows = [...before, m, ...after]
  } else if (r.targetType === 'user') rows = await lastMessagesBetween(db, r.reporterId, r.targetId)
  if (rows.length === 0) return []
  const people = await findPeople(db, [...new Set(rows.map((m) => m.senderId))])
  return rows.map((m) => ({
    id: m.id,
    senderName: m.isSystem ? 'Nookshare' : person(people.get(m.senderId), m.senderId).name,
    text: m.content,
    sentAt: m.createdAt.toISOString(),
    isSystem: m.isSystem,
    hidden: Boolean(m.hiddenAt),
    reported: m.id === reportedId,
  }))
}

export async function reportView(db: Db, r: ReportRow): Promise<AdminReport> {
  const [content, conversation, history, reporterCount, people] = await Promise.all([
    contentOf(db, r),
    conversationOf(db, r),
    reportHistory(db, r),
    countReportsBy(db, r.reporterId),
    findPeople(db, [r.reporterId]),
  ])
  return {
    id: r.id,
    targetType: r.targetType as AdminReport['targetType'],
    targetId: r.targetId,
    reason: r.reason as AdminReport['reason'],
    note: r.note,
    status: r.status as AdminReport['status'],
    createdAt: r.createdAt.toISOString(),
    resolvedAt: iso(r.resolvedAt),
    resolution: r.resolution,
    reporter: person(people.get(r.reporterId), r.reporterId),
    content,
    conversation,
    history: history.rows.map((h) => ({
      id: h.report.id,
      targetType: h.report.targetType as AdminReport['targetType'],
      reason: h.report.reason as AdminReport['reason'],
      status: h.report.status,
      createdAt: h.report.createdAt.toISOString(),
      reporterName: nameOf({ firstName: h.reporterFirst, lastName: h.reporterLast }),
    })),
    historyTotal: history.total,
    reporterReportCount: reporterCount,
  }
}
