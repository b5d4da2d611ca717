// Messages and their photos. A message's clientId makes sending idempotent per sender; photos are kept
// in the database (bytea) so every instance serves them, re-encoded and never shown to non-participants.
import { bigserial, boolean, customType, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, id } from './columns'
import { conversations } from './conversations'
import { users } from './users'

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
})

export const messages = pgTable(
  'messages',
  {
    id: id(),
    /** Sending order: ties in created_at never reorder a conversation. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    isSystem: boolean('is_system').notNull().default(false),
    clientId: text('client_id'),
    /** Set when an admin removes the message (a report): both sides see "Message removed by Nookshare". */
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('messages_conversation_idx').on(t.conversationId, t.seq), uniqueIndex('messages_sender_client_idx').on(t.senderId, t.clientId)],
)
export type MessageRow = typeof messages.$inferSelect

export const messagePhotos = pgTable(
  'message_photos',
  {
    id: id(),
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('message_photos_message_idx').on(t.messageId, t.position)],
)
