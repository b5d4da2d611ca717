// Conversations: one row per pair of users (user_low < user_high), optionally about a listing, with the
// latest message denormalised so the list and its ETag come from one cheap query.
import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id, updatedAt } from './columns'
import { users } from './users'

export const conversations = pgTable(
  'conversations',
  {
    id: id(),
    userLow: text('user_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: text('user_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The listing the conversation started about, if any (no foreign key: listings are another feature). */
    storageId: text('storage_id'),
    lastMessageId: text('last_message_id'),
    lastMessageContent: text('last_message_content'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true, mode: 'date' }),
    messageCount: integer('message_count').notNull().default(0),
    /** Messages an admin removed: part of the chat's version, so an open chat learns of a removal. */
    removedCount: integer('removed_count').notNull().default(0),
    /** Set when an admin closes the conversation: sending is refused from then on. */
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    closedBy: text('closed_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('conversations_pair_idx').on(t.userLow, t.userHigh), check('conversations_pair_order', sql`${t.userLow} < ${t.userHigh}`)],
)
export type ConversationRow = typeof conversations.$inferSelect

/** Each participant's own view: unread count, read time, and "deleted for me" (hidden until a new message). */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherUserId: text('other_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    unreadCount: integer('unread_count').notNull().default(0),
    lastReadAt: timestamp('last_read_at', { withTimezone: true, mode: 'date' }),
    /** The newest message this user has read (its seq): the other side's "Seen". */
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    /** Messages with seq at or below this are gone from this user's view (they deleted the conversation). */
    clearedSeq: bigint('cleared_seq', { mode: 'number' }).notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('conversation_members_pk').on(t.userId, t.otherUserId),
    index('conversation_members_conversation_idx').on(t.conversationId),
    index('conversation_members_list_idx').on(t.userId, t.hidden, t.updatedAt),
  ],
)
export type ConversationMemberRow = typeof conversationMembers.$inferSelect
