// Reads and writes of conversations and each participant's view of them (read state, "deleted for me").
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { conversationChanged, conversationReadChanged, conversationViewChanged } from '../../../db/change-feed'
import type { Db } from '../../../db/client'
import { contactOpenSql } from '../../bookings/service/contact-access'
import { conversationMembers, conversations, type ConversationMemberRow, type ConversationRow } from '../../../db/schema/conversations'
import { users } from '../../../db/schema/users'

/** The canonical order of a pair: one row per two users whoever writes first. */
export const pairOf = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a])

/** Finds or creates the pair's conversation and both members; safe under concurrent first messages. */
export async function ensureConversation(db: Db, a: string, b: string, storageId?: string | null): Promise<ConversationRow> {
  const [userLow, userHigh] = pairOf(a, b)
  await db
    .insert(conversations)
    .values({ userLow, userHigh, storageId: storageId ?? null })
    .onConflictDoNothing()
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLow, userLow), eq(conversations.userHigh, userHigh)))
    .limit(1)
  await db
    .insert(conversationMembers)
    .values([
      { conversationId: row!.id, userId: a, otherUserId: b },
      { conversationId: row!.id, userId: b, otherUserId: a },
    ])
    .onConflictDoNothing()
  return row!
}

const otherUserColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  deactivatedAt: users.deactivatedAt,
  updatedAt: users.updatedAt,
}

/** Whether the pair may see each other's email: the one contact rule (modules/bookings/service/contact-access.ts), per row. */
const contactShared = (me: unknown, other: unknown) => contactOpenSql(me, other)

/** The other side's view of the pair, for "Seen". */
const otherMember = alias(conversationMembers, 'other_member')

/** A conversation's place in the list: its last activity in microseconds (exact, unlike a JS Date), then its id. */
const activity = sql`(extract(epoch from coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})) * 1000000)::bigint`
const activityMicros = sql<string>`${activity}::text`

const listColumns = {
  unreadCount: conversationMembers.unreadCount,
  lastMessageContent: conversations.lastMessageContent,
  lastMessageAt: conversations.lastMessageAt,
  lastMessageId: conversations.lastMessageId,
  closedAt: conversations.closedAt,
  updatedAt: conversations.updatedAt,
  storageId: conversations.storageId,
  other: otherUserColumns,
  conversationId: conversations.id,
  activity: activityMicros,
  contactShared: contactShared(conversationMembers.userId, conversationMembers.otherUserId),
}

/** The two polled reads, built once per database and sent as named prepared statements (cheap polling). */
function buildStatements(db: Db) {
  const visibleTo = and(eq(conversationMembers.userId, sql.placeholder('userId')), eq(conversationMembers.hidden, false))
  return {
    list: db
      .select(listColumns)
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .innerJoin(users, eq(users.id, conversationMembers.otherUserId))
      .where(visibleTo)
      .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id))
      .prepare('conversations_list'),
    state: db
      .select({
        other: otherUserColumns,
        conversation: {
          id: conversations.id,
          lastMessageId: conversations.lastMessageId,
          messageCount: conversations.messageCount,
          removedCount: conversations.removedCount,
          closedAt: conversations.closedAt,
          storageId: conversations.storageId,
        },
        member: { unreadCount: conversationMembers.unreadCount, clearedSeq: conversationMembers.clearedSeq },
        otherReadSeq: otherMember.lastReadSeq,
        contactShared: contactShared(sql.placeholder('userId'), users.id),
      })
      .from(users)
      .leftJoin(conversationMembers, and(eq(conversationMembers.userId, sql.placeholder('userId')), eq(conversationMembers.otherUserId, users.id)))
      .leftJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .leftJoin(otherMember, and(eq(otherMember.conversationId, conversations.id), eq(otherMember.userId, users.id)))
      .where(eq(users.id, sql.placeholder('otherUserId')))
      .limit(1)
      .prepare('conversation_state'),
  }
}
const statements = new WeakMap<Db, ReturnType<typeof buildStatements>>()
function prepared(db: Db) {
  let s = statements.get(db)
  if (!s) statements.set(db, (s = buildStatements(db)))
  return s
}

/** The user's visible conversations, newest first, with the other user and the latest message. */
export function listConversationsFor(db: Db, userId: string) {
  return prepared(db).list.execute({ userId })
}
export type ConversationListRow = Awaited<ReturnType<typeof listConversationsFor>>[number]

/** A list position as the client holds it: "<activity micros>.<conversation id>". */
export const conversationCursor = (row: Pick<ConversationListRow, 'activity' | 'conversationId'>) => `${row.activity}.${row.conversationId}`

/** One page of the list after `cursor` (from the start without it), with the totals the badge and header show. */
export async function listConversationPage(db: Db, userId: string, opts: { limit: number; cursor?: string }) {
  const dot = opts.cursor?.indexOf('.') ?? -1
  const after = opts.cursor ? sql`(${activity}, ${conversations.id}) < (${opts.cursor.slice(0, dot)}::bigint, ${opts.cursor.slice(dot + 1)})` : undefined
  const visibleTo = and(eq(conversationMembers.userId, userId), eq(conversationMembers.hidden, false))
  const [rows, [totals]] = await Promise.all([
    db
      .select(listColumns)
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .innerJoin(users, eq(users.id, conversationMembers.otherUserId))
      .where(after ? and(visibleTo, after) : visibleTo)
      .orderBy(desc(activity), desc(conversations.id))
      .limit(opts.limit + 1),
    db
      .select({ total: count(), unread: sql<string>`coalesce(sum(${conversationMembers.unreadCount}), 0)::text` })
      .from(conversationMembers)
      .where(visibleTo),
  ])
  const page = rows.slice(0, opts.limit)
  return {
    rows: page,
    nextCursor: rows.length > opts.limit ? conversationCursor(page.at(-1)!) : null,
    total: Number(totals?.total ?? 0),
    unreadTotal: Number(totals?.unread ?? 0),
  }
}

/** What a chat's version and the send rules need: no messages, no photo bytes. */
export interface ConversationState {
  other: { id: string; firstName: string; lastName: string; email: string; deactivatedAt: Date | null; updatedAt: Date }
  conversation: Pick<ConversationRow, 'id' | 'lastMessageId' | 'messageCount' | 'removedCount' | 'closedAt' | 'storageId'> | null
  member: Pick<ConversationMemberRow, 'unreadCount' | 'clearedSeq'> | null
  /** The newest message the other side has read (null before the pair talked). */
  otherReadSeq: number | null
  /** A booking between them is confirmed and paid (modules/bookings/service/contact-access.ts): the email may be shown. */
  contactShared: boolean
}

/** One query: the other user, the pair's conversation and the caller's view of it (without messages). */
export async function conversationStateFor(db: Db, userId: string, otherUserId: string): Promise<ConversationState | undefined> {
  const [row] = await prepared(db).state.execute({ userId, otherUserId })
  return row
}

/** Everything so far is read: the reader's unread count, and the seq the other side sees as "Seen". */
export async function markConversationRead(db: Db, conversationId: string, userId: string, otherUserId: string) {
  await db
    .update(conversationMembers)
    .set({
      unreadCount: 0,
      lastReadAt: new Date(),
      lastReadSeq: sql`greatest(${conversationMembers.lastReadSeq}, coalesce((select max(seq) from messages where messages.conversation_id = ${conversationId}), 0))`,
    })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
  // The other side's open chat shows "Seen"; the reader's own chat is unchanged by it.
  await conversationReadChanged(db, userId, otherUserId)
}

/** "Delete" for one side: hide it and forget the messages so far; the other side keeps everything. */
export async function hideConversationFor(db: Db, userId: string, otherUserId: string): Promise<boolean> {
  const rows = await db
    .update(conversationMembers)
    .set({
      hidden: true,
      unreadCount: 0,
      updatedAt: new Date(),
      clearedSeq: sql`coalesce((select max(seq) from messages where messages.conversation_id = ${conversationMembers.conversationId}), 0)`,
    })
    .where(and(eq(conversationMembers.userId, userId), eq(conversationMembers.otherUserId, otherUserId), eq(conversationMembers.hidden, false)))
    .returning({ id: conversationMembers.conversationId })
  if (rows.length > 0) await conversationViewChanged(db, userId, otherUserId)
  return rows.length > 0
}

/** Admin: close (or reopen) the pair's conversation. Returns false when the pair never talked. */
export async function setConversationClosed(db: Db, a: string, b: string, closedBy: string | null): Promise<boolean> {
  const [userLow, userHigh] = pairOf(a, b)
  const rows = await db
    .update(conversations)
    .set({
      closedAt: closedBy ? sql`coalesce(${conversations.closedAt}, now())` : null,
      closedBy: closedBy ? sql`coalesce(${conversations.closedBy}, ${closedBy})` : null,
      updatedAt: new Date(),
    })
    .where(and(eq(conversations.userLow, userLow), eq(conversations.userHigh, userHigh)))
    .returning({ id: conversations.id })
  if (rows.length > 0) await conversationChanged(db, a, b)
  return rows.length > 0
}

/** Admin: the conversations an admin has closed, most recently closed first, with both users. */
export async function listClosedConversations(db: Db, opts: { page: number; limit: number }) {
  const low = alias(users, 'low_user')
  const high = alias(users, 'high_user')
  const person = (u: typeof low | typeof high) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, email: u.email })
  const where = isNotNull(conversations.closedAt)
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ conversation: conversations, userA: person(low), userB: person(high) })
      .from(conversations)
      .innerJoin(low, eq(low.id, conversations.userLow))
      .innerJoin(high, eq(high.id, conversations.userHigh))
      .where(where)
      .orderBy(desc(conversations.closedAt), desc(conversations.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: count() }).from(conversations).where(where),
  ])
  return { rows, total: Number(totalRow?.n ?? 0) }
}

export async function findConversationByPair(db: Db, a: string, b: string): Promise<ConversationRow | undefined> {
  const [userLow, userHigh] = pairOf(a, b)
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLow, userLow), eq(conversations.userHigh, userHigh)))
    .limit(1)
  return row
}
