// Reads and writes of conversations and each participant's view of them (read state, "deleted for me").
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { conversationChanged, conversationViewChanged } from '../change-feed'
import type { Db } from '../client'
import { conversationMembers, conversations, type ConversationMemberRow, type ConversationRow } from '../schema/conversations'
import { users } from '../schema/users'

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

/** The two polled reads, built once per database and sent as named prepared statements (cheap polling). */
function buildStatements(db: Db) {
  return {
    list: db
      .select({
        unreadCount: conversationMembers.unreadCount,
        lastMessageContent: conversations.lastMessageContent,
        lastMessageAt: conversations.lastMessageAt,
        lastMessageId: conversations.lastMessageId,
        closedAt: conversations.closedAt,
        updatedAt: conversations.updatedAt,
        storageId: conversations.storageId,
        other: otherUserColumns,
      })
      .from(conversationMembers)
      .innerJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
      .innerJoin(users, eq(users.id, conversationMembers.otherUserId))
      .where(and(eq(conversationMembers.userId, sql.placeholder('userId')), eq(conversationMembers.hidden, false)))
      .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`))
      .prepare('conversations_list'),
    state: db
      .select({
        other: otherUserColumns,
        conversation: {
          id: conversations.id,
          lastMessageId: conversations.lastMessageId,
          messageCount: conversations.messageCount,
          closedAt: conversations.closedAt,
        },
        member: { unreadCount: conversationMembers.unreadCount, clearedSeq: conversationMembers.clearedSeq },
      })
      .from(users)
      .leftJoin(conversationMembers, and(eq(conversationMembers.userId, sql.placeholder('userId')), eq(conversationMembers.otherUserId, users.id)))
      .leftJoin(conversations, eq(conversations.id, conversationMembers.conversationId))
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

/** What a chat's version and the send rules need: no messages, no photo bytes. */
export interface ConversationState {
  other: { id: string; firstName: string; lastName: string; email: string; deactivatedAt: Date | null; updatedAt: Date }
  conversation: Pick<ConversationRow, 'id' | 'lastMessageId' | 'messageCount' | 'closedAt'> | null
  member: Pick<ConversationMemberRow, 'unreadCount' | 'clearedSeq'> | null
}

/** One query: the other user, the pair's conversation and the caller's view of it (without messages). */
export async function conversationStateFor(db: Db, userId: string, otherUserId: string): Promise<ConversationState | undefined> {
  const [row] = await prepared(db).state.execute({ userId, otherUserId })
  return row
}

export async function markConversationRead(db: Db, conversationId: string, userId: string) {
  await db
    .update(conversationMembers)
    .set({ unreadCount: 0, lastReadAt: new Date() })
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId)))
  await conversationViewChanged(db, userId)
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
