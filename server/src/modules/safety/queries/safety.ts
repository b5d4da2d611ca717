// Report and block reads and writes: blocks between two users, reports and the admin queue, and hiding a
// message. No rule lives here (who may report what, what an action does: modules/safety/service/).
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { conversations } from '../../../db/schema/conversations'
import { pairOf } from '../../messaging/service/conversations'
import { messagePhotos, messages } from '../../../db/schema/messages'
import { reports, userBlocks, type ReportRow } from '../../../db/schema/safety'
import { storages } from '../../../db/schema/storages'
import { users } from '../../../db/schema/users'

/** Who blocked whom between the two (both rows when both did): one query on the pair's unique index. */
export async function blocksBetween(db: Db, a: string, b: string): Promise<{ blockerId: string }[]> {
  return db
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(or(and(eq(userBlocks.blockerId, a), eq(userBlocks.blockedId, b)), and(eq(userBlocks.blockerId, b), eq(userBlocks.blockedId, a))))
}

export async function insertBlock(db: Db, blockerId: string, blockedId: string) {
  await db.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing()
}

export async function deleteBlock(db: Db, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)))
    .returning({ id: userBlocks.blockedId })
  return rows.length > 0
}

export function listBlockedBy(db: Db, blockerId: string) {
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, blockedAt: userBlocks.createdAt })
    .from(userBlocks)
    .innerJoin(users, eq(users.id, userBlocks.blockedId))
    .where(eq(userBlocks.blockerId, blockerId))
    .orderBy(desc(userBlocks.createdAt))
}

// Targets of a report.

export async function findMessageForReport(db: Db, id: string) {
  const [row] = await db
    .select({
      id: messages.id,
      seq: messages.seq,
      conversationId: messages.conversationId,
      senderId: messages.senderId,
      receiverId: messages.receiverId,
      content: messages.content,
      isSystem: messages.isSystem,
      hiddenAt: messages.hiddenAt,
      createdAt: messages.createdAt,
    })
    .from(messages)
    .where(eq(messages.id, id))
    .limit(1)
  return row
}

const contextColumns = {
  id: messages.id,
  senderId: messages.senderId,
  content: messages.content,
  isSystem: messages.isSystem,
  hiddenAt: messages.hiddenAt,
  createdAt: messages.createdAt,
}
export type ContextMessageRow = { id: string; senderId: string; content: string; isSystem: boolean; hiddenAt: Date | null; createdAt: Date }

/** A few messages either side of one (by sending order), oldest first: what a reported message answered. */
export async function messagesAround(
  db: Db,
  conversationId: string,
  seq: number,
  each = 4,
): Promise<{ before: ContextMessageRow[]; after: ContextMessageRow[] }> {
  const [before, after] = await Promise.all([
    db
      .select(contextColumns)
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), lt(messages.seq, seq)))
      .orderBy(desc(messages.seq))
      .limit(each),
    db
      .select(contextColumns)
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, seq)))
      .orderBy(asc(messages.seq))
      .limit(each),
  ])
  return { before: before.reverse(), after }
}

/** The last messages of the conversation between two users, oldest first (a reported user's talk). */
export async function lastMessagesBetween(db: Db, a: string, b: string, limit = 10): Promise<ContextMessageRow[]> {
  const pair = pairOf(a, b)
  const rows = await db
    .select(contextColumns)
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(conversations.userLow, pair[0]), eq(conversations.userHigh, pair[1])))
    .orderBy(desc(messages.seq))
    .limit(limit)
  return rows.reverse()
}

export const messagePhotoIds = async (db: Db, messageId: string) =>
  (await db.select({ id: messagePhotos.id }).from(messagePhotos).where(eq(messagePhotos.messageId, messageId)).orderBy(messagePhotos.position)).map((r) => r.id)

export async function findStorageForReport(db: Db, id: string) {
  const [row] = await db
    .select({
      id: storages.id,
      hostId: storages.hostId,
      title: storages.title,
      city: storages.city,
      status: storages.status,
      heldByAdmin: storages.heldByAdmin,
    })
    .from(storages)
    .where(eq(storages.id, id))
    .limit(1)
  return row
}

export async function findPeople(db: Db, ids: string[]) {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map<string, PersonRow>()
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      deactivatedAt: users.deactivatedAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(inArray(users.id, unique))
  return new Map(rows.map((r) => [r.id, r]))
}
export type PersonRow = { id: string; firstName: string; lastName: string; email: string; deactivatedAt: Date | null; createdAt: Date }

// Reports.

/** Files a report, or updates the reporter's open report of the same target (reason and note). */
export async function upsertOpenReport(
  db: Db,
  values: { reporterId: string; targetType: string; targetId: string; targetUserId: string | null; reason: string; note: string },
): Promise<{ id: string; updated: boolean }> {
  const [row] = await db
    .insert(reports)
    .values(values)
    .onConflictDoUpdate({
      target: [reports.reporterId, reports.targetType, reports.targetId],
      targetWhere: sql`${reports.status} = 'open'`,
      set: { reason: values.reason, note: values.note, updatedAt: new Date() },
    })
    .returning({ id: reports.id, createdAt: reports.createdAt, updatedAt: reports.updatedAt })
  return { id: row!.id, updated: row!.updatedAt.getTime() !== row!.createdAt.getTime() }
}

export async function listReports(db: Db, opts: { status: string; page: number; limit: number }): Promise<{ rows: ReportRow[]; total: number }> {
  const where = eq(reports.status, opts.status)
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: count() }).from(reports).where(where),
  ])
  return { rows, total: Number(total?.n ?? 0) }
}

export async function findReport(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<ReportRow | undefined> {
  const query = db.select().from(reports).where(eq(reports.id, id)).limit(1)
  const [row] = opts.lock ? await query.for('update') : await query
  return row
}

/** Other reports about the same target or the same person, newest first: a few, and how many. */
export async function reportHistory(db: Db, report: ReportRow, limit = 5) {
  const about = or(
    and(eq(reports.targetType, report.targetType), eq(reports.targetId, report.targetId)),
    report.targetUserId ? eq(reports.targetUserId, report.targetUserId) : undefined,
  )
  const where = and(ne(reports.id, report.id), about)
  const [rows, [total]] = await Promise.all([
    db
      .select({ report: reports, reporterFirst: users.firstName, reporterLast: users.lastName })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(where)
      .orderBy(desc(reports.createdAt))
      .limit(limit),
    db.select({ n: count() }).from(reports).where(where),
  ])
  return { rows, total: Number(total?.n ?? 0) }
}

export async function countReportsBy(db: Db, reporterId: string) {
  const [row] = await db.select({ n: count() }).from(reports).where(eq(reports.reporterId, reporterId))
  return Number(row?.n ?? 0)
}

/** Resolves every open report of the target (the one acted on and any others like it). */
export async function resolveOpenReports(
  db: Db,
  targetType: string,
  targetId: string,
  values: { status: 'resolved' | 'dismissed'; resolution: string; resolvedBy: string },
) {
  return db
    .update(reports)
    .set({ ...values, resolvedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')))
    .returning({ id: reports.id })
}

// Hiding a message.

/** Hides the message for both sides; counts it on the conversation (the chat's version) and clears the list's preview. */
export async function hideMessage(db: Db, messageId: string, previewText: string): Promise<boolean> {
  const [hidden] = await db
    .update(messages)
    .set({ hiddenAt: new Date() })
    .where(and(eq(messages.id, messageId), isNull(messages.hiddenAt)))
    .returning({ conversationId: messages.conversationId })
  if (!hidden) return false
  await db
    .update(conversations)
    .set({
      removedCount: sql`${conversations.removedCount} + 1`,
      lastMessageContent: sql`case when ${conversations.lastMessageId} = ${messageId} then ${previewText} else ${conversations.lastMessageContent} end`,
    })
    .where(eq(conversations.id, hidden.conversationId))
  return true
}

/** The removed messages of a conversation (asked only when it has any). */
export const listRemovedMessageIds = async (db: Db, conversationId: string) =>
  (
    await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), sql`${messages.hiddenAt} is not null`))
  ).map((r) => r.id)

/** Any message photo's bytes (an admin reviewing a report). */
export async function findMessagePhotoBytes(db: Db, photoId: string) {
  const [row] = await db
    .select({ contentType: messagePhotos.contentType, bytes: messagePhotos.bytes })
    .from(messagePhotos)
    .where(eq(messagePhotos.id, photoId))
    .limit(1)
  return row
}
