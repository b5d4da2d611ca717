// Reads and writes of messages and photos. Sending is idempotent per (sender, clientId): the unique index
// plus "on conflict do nothing" means concurrent duplicates insert once and all get the same row.
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm'
import { conversationChanged } from '../../../db/change-feed'
import type { Db } from '../../../db/client'
import { conversationMembers, conversations } from '../../../db/schema/conversations'
import { messagePhotos, messages, type MessageRow } from '../../../db/schema/messages'
import { users } from '../../../db/schema/users'
import { ensureConversation } from './conversations'

export interface NewPhoto {
  contentType: string
  bytes: Buffer
}

export interface NewMessage {
  senderId: string
  receiverId: string
  content: string
  isSystem?: boolean
  clientId?: string | null
  storageId?: string | null
  photos?: NewPhoto[]
  /** Only for demo data: when the message was written. */
  createdAt?: Date
  /**
   * Whether writing it means the sender has read the conversation: a person's reply does; a system message,
   * written for a step taken elsewhere (or by Stripe, or the clock), does not. The demo data sets it.
   */
  senderRead?: boolean
}

/** Photo ids only (never the bytes), in the order they were attached. */
const photoIds = sql<string[]>`coalesce((select array_agg(p.id order by p.position) from message_photos p where p.message_id = ${messages.id}), '{}')`

const messageColumns = {
  id: messages.id,
  seq: messages.seq,
  senderId: messages.senderId,
  receiverId: messages.receiverId,
  content: messages.content,
  isSystem: messages.isSystem,
  clientId: messages.clientId,
  hiddenAt: messages.hiddenAt,
  createdAt: messages.createdAt,
  senderFirstName: users.firstName,
  senderLastName: users.lastName,
  photos: photoIds,
}
export type MessageListRow = Omit<MessageRow, 'conversationId'> & { senderFirstName: string; senderLastName: string; photos: string[] }

async function findMessage(db: Db, where: ReturnType<typeof eq>): Promise<MessageListRow | undefined> {
  const [row] = await db.select(messageColumns).from(messages).innerJoin(users, eq(users.id, messages.senderId)).where(where).limit(1)
  return row as MessageListRow | undefined
}

function buildPageQueries(db: Db) {
  const base = () => db.select(messageColumns).from(messages).innerJoin(users, eq(users.id, messages.senderId))
  const inConversation = eq(messages.conversationId, sql.placeholder('conversationId'))
  return {
    // Newest first from the index (conversation_id, seq): reads the page, never the history.
    before: base()
      .where(and(inConversation, gt(messages.seq, sql.placeholder('afterSeq')), lt(messages.seq, sql.placeholder('beforeSeq'))))
      .orderBy(desc(messages.seq))
      .limit(sql.placeholder('limit'))
      .prepare('messages_page_before'),
    after: base()
      .where(and(inConversation, gt(messages.seq, sql.placeholder('afterSeq'))))
      .orderBy(asc(messages.seq))
      .limit(sql.placeholder('limit'))
      .prepare('messages_page_after'),
  }
}
const pageQueries = new WeakMap<Db, ReturnType<typeof buildPageQueries>>()
function pages(db: Db) {
  let q = pageQueries.get(db)
  if (!q) pageQueries.set(db, (q = buildPageQueries(db)))
  return q
}

export interface MessagePage {
  /** Oldest first. */
  rows: MessageListRow[]
  /** There is more beyond the page: older ones for `before`, newer ones for `after`. */
  more: boolean
}

/** Up to `limit` messages before `beforeSeq` (the latest page without it), above the cleared point. */
export async function listMessagesBefore(
  db: Db,
  conversationId: string,
  opts: { clearedSeq: number; beforeSeq?: number; limit: number },
): Promise<MessagePage> {
  const rows = (await pages(db).before.execute({
    conversationId,
    afterSeq: opts.clearedSeq,
    beforeSeq: opts.beforeSeq ?? Number.MAX_SAFE_INTEGER,
    limit: opts.limit + 1,
  })) as MessageListRow[]
  const more = rows.length > opts.limit
  return { rows: rows.slice(0, opts.limit).reverse(), more }
}

/** Up to `limit` messages after `afterSeq`, oldest first: what a poll has not seen yet. */
export async function listMessagesAfter(db: Db, conversationId: string, opts: { afterSeq: number; limit: number }): Promise<MessagePage> {
  const rows = (await pages(db).after.execute({ conversationId, afterSeq: opts.afterSeq, limit: opts.limit + 1 })) as MessageListRow[]
  return { rows: rows.slice(0, opts.limit), more: rows.length > opts.limit }
}

/**
 * The sender's own texts among the conversation's last few messages, oldest first (at most two): what a
 * new message may finish ("416 555", then "0199"). A bounded read of the newest rows by the seq index.
 */
export async function recentTextsBySender(db: Db, conversationId: string, senderId: string): Promise<string[]> {
  const rows = await db
    .select({ senderId: messages.senderId, content: messages.content, isSystem: messages.isSystem })
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(desc(messages.seq))
    .limit(4)
  return rows
    .filter((r) => r.senderId === senderId && !r.isSystem)
    .slice(0, 2)
    .map((r) => r.content)
    .reverse()
}

/** Stores a message (and its photos) once; a repeated clientId returns the first one with created=false. */
export async function insertMessage(db: Db, input: NewMessage): Promise<{ message: MessageListRow; created: boolean }> {
  const result = await insertMessageOnce(db, input)
  // After the commit: both sides' polls (here and on every instance) see it.
  if (result.created) await conversationChanged(db, input.senderId, input.receiverId)
  return result
}

function insertMessageOnce(db: Db, input: NewMessage): Promise<{ message: MessageListRow; created: boolean }> {
  return db.transaction(async (t) => {
    const conversation = await ensureConversation(t, input.senderId, input.receiverId, input.storageId)
    // One writer per conversation at a time, from before its message takes a seq until the commit: seqs
    // then become visible in order, so a poll asking for what came after the newest seq it holds never
    // skips a message that committed later with a smaller one.
    await t.select({ id: conversations.id }).from(conversations).where(eq(conversations.id, conversation.id)).for('update')
    const [inserted] = await t
      .insert(messages)
      .values({
        conversationId: conversation.id,
        senderId: input.senderId,
        receiverId: input.receiverId,
        content: input.content,
        isSystem: input.isSystem ?? false,
        clientId: input.clientId ?? null,
        ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: messages.id, seq: messages.seq, createdAt: messages.createdAt })
    if (!inserted) {
      const existing = await findMessage(t, and(eq(messages.senderId, input.senderId), eq(messages.clientId, input.clientId ?? ''))!)
      if (!existing) throw new Error('duplicate clientId but no message found')
      return { message: existing, created: false }
    }
    if (input.photos?.length) {
      await t
        .insert(messagePhotos)
        .values(input.photos.map((p, position) => ({ messageId: inserted.id, position, contentType: p.contentType, size: p.bytes.length, bytes: p.bytes })))
    }
    await t
      .update(conversations)
      .set({
        lastMessageId: inserted.id,
        lastMessageContent: input.content,
        lastMessageAt: inserted.createdAt,
        messageCount: sql`${conversations.messageCount} + 1`,
        // A message about a listing (checked by the caller) makes the conversation about it from now on.
        ...(input.storageId ? { storageId: input.storageId } : {}),
        updatedAt: new Date(),
      })
      .where(eq(conversations.id, conversation.id))
    // Both sides see it (a new message revives a conversation someone deleted); the receiver has one more
    // unread, and the sender, who has just replied, has read everything. A system message's sender has
    // replied to nothing (a booking step taken elsewhere, Stripe, the clock): their side stays as it was.
    const senderRead = input.senderRead ?? !input.isSystem
    await t
      .update(conversationMembers)
      .set({
        hidden: false,
        updatedAt: new Date(),
        unreadCount: sql`case when ${conversationMembers.userId} = ${input.receiverId} then ${conversationMembers.unreadCount} + 1 else ${senderRead ? sql`0` : conversationMembers.unreadCount} end`,
        ...(senderRead
          ? {
              lastReadSeq: sql`case when ${conversationMembers.userId} = ${input.receiverId} then ${conversationMembers.lastReadSeq} else ${inserted.seq}::bigint end`,
            }
          : {}),
      })
      .where(eq(conversationMembers.conversationId, conversation.id))
    return { message: (await findMessage(t, eq(messages.id, inserted.id)))!, created: true }
  })
}

/** A photo's bytes, only when the user takes part in its conversation. */
export async function findPhotoForUser(db: Db, photoId: string, userId: string) {
  const [row] = await db
    .select({ contentType: messagePhotos.contentType, bytes: messagePhotos.bytes, size: messagePhotos.size })
    .from(messagePhotos)
    .innerJoin(messages, eq(messages.id, messagePhotos.messageId))
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(messagePhotos.id, photoId), isNull(messages.hiddenAt), or(eq(conversations.userLow, userId), eq(conversations.userHigh, userId))))
    .limit(1)
  return row
}
