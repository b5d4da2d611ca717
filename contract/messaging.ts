// Messaging shapes and limits shared by the browser and the API (spec sections 3, 5, 7, 9).
import { z } from './zod'

export const MESSAGE_MAX_LENGTH = 1000
export const MAX_PHOTOS = 5
export const MAX_PHOTO_BYTES = 5 * 1024 * 1024
export const MAX_TOTAL_PHOTO_BYTES = 10 * 1024 * 1024
export const LIST_POLL_MS = 10_000
export const CHAT_POLL_MS = 3_000
export const IMAGE_CONTENT = 'image'
/** A chat opens with the latest page, and scrolling up asks for older pages of the same size. */
export const MESSAGE_PAGE_SIZE = 50
export const MESSAGE_PAGE_MAX = 200
/** The conversation list comes in pages too (a host may have hundreds). */
export const CONVERSATION_PAGE_SIZE = 50
export const CONVERSATION_PAGE_MAX = 100

export const MESSAGE_ERRORS = {
  tooLong: 'Message is too long. Please keep it under 1000 characters.',
  tooManyAtOnce: 'You can only send up to 5 photos at once',
  notImage: (file: string) => `${file} is not an image file`,
  photoTooLarge: (file: string) => `${file} is too large (max 5MB)`,
  totalTooLarge: 'Total photo size exceeds 10MB limit',
  maxPhotos: 'Maximum 5 photos allowed',
  photoOverLimit: (n: number) => `Photo ${n} exceeds 5MB limit`,
  empty: 'Write a message or attach a photo.',
  toSelf: 'You cannot send a message to yourself.',
  notTheirListing: 'storageId must be a published listing of the person you are writing to.',
  userNotFound: 'User not found.',
  conversationNotFound: 'Conversation not found',
  closed: 'This conversation has been closed. You can no longer send messages here.',
} as const

export const uuidParam = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a valid id')
export const clientIdField = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be 8 to 64 letters, digits, dashes or underscores')

export const SendMessageJsonSchema = z.object({
  receiverId: uuidParam,
  content: z.string().trim().max(MESSAGE_MAX_LENGTH, MESSAGE_ERRORS.tooLong).default(''),
  clientId: clientIdField.optional(),
  /**
   * The listing the message is about (sent from a chat opened by "Message host"): one of the receiver's
   * published listings; the conversation is about it from then on.
   */
  storageId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be a listing id')
    .optional(),
})
export type SendMessageJson = z.input<typeof SendMessageJsonSchema>

export const MessageSenderSchema = z.object({ _id: z.string(), id: z.string(), firstName: z.string(), lastName: z.string() })

export const MessageSchema = z.object({
  _id: z.string(),
  /** The message's place in the conversation: the cursor for older pages and for polls of what is new. */
  seq: z.number().int(),
  sender: MessageSenderSchema,
  receiverId: z.string(),
  content: z.string(),
  photos: z.array(z.string()),
  timestamp: z.string(),
  isSystem: z.boolean(),
  clientId: z.string().nullable(),
})
export type Message = z.infer<typeof MessageSchema>

export const OtherUserSchema = z.object({ _id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string() })
export type OtherUser = z.infer<typeof OtherUserSchema>

const seqParam = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER)

/**
 * GET /messages/{userId}: no cursor, the latest page; `before`, the page of older messages before that
 * seq; `after`, only what came after the newest message the client holds (what a poll asks for).
 */
export const MessagesQuerySchema = z
  .object({
    before: seqParam.optional(),
    after: seqParam.optional(),
    limit: z.coerce.number().int().min(1).max(MESSAGE_PAGE_MAX).optional(),
  })
  .refine((q) => q.before === undefined || q.after === undefined, { message: 'before and after cannot be used together', path: ['after'] })
export type MessagesQuery = z.infer<typeof MessagesQuerySchema>

export const MessagesResponseSchema = z.object({
  /** Oldest first. */
  messages: z.array(MessageSchema),
  isAutoClosed: z.boolean(),
  otherUser: OtherUserSchema,
  /** Older messages exist before the first one here (a latest or `before` page). */
  hasOlder: z.boolean(),
  /** Messages at or below this seq are gone from the caller's view (they deleted the conversation). */
  clearedSeq: z.number().int(),
  /** The newest message the other side has read (its seq): "Seen" under mine at or below it. */
  otherReadSeq: z.number().int(),
  /** An `after` poll found more than a page: this is the latest page instead, to replace what is held. */
  limited: z.boolean(),
  /** Messages of this chat an admin removed (only when there are any): a chat already holding one shows it removed. */
  removedIds: z.array(z.string()).optional(),
  /** The listing the conversation is about (its latest "Message host"), null if none; absent in copies saved before it existed. */
  storageId: z.string().nullable().optional(),
  /** When a visit of the pair's bookings last changed (null: none): the chat's visit cards are asked again when it moves. */
  visitsAt: z.string().nullable().optional(),
})
export type MessagesResponse = z.infer<typeof MessagesResponseSchema>

export const ConversationSchema = z.object({
  /** The other user's id: one conversation per pair, so DELETE /conversations/{_id} names it. */
  _id: z.string(),
  otherUser: OtherUserSchema,
  lastMessage: z.object({ content: z.string(), timestamp: z.string() }).nullable(),
  unreadCount: z.number().int(),
  updatedAt: z.string(),
  isAutoClosed: z.boolean(),
  storageId: z.string().nullable(),
})
export type Conversation = z.infer<typeof ConversationSchema>
export const ConversationListSchema = z.array(ConversationSchema)

/** GET /conversations?limit=N[&cursor=C]: a page of the list, newest activity first. */
export const ConversationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(CONVERSATION_PAGE_MAX).optional(),
  cursor: z
    .string()
    .regex(/^\d{1,20}\.[0-9a-f-]{36}$/i, 'must be a cursor from an earlier page')
    .optional(),
})
export type ConversationsQuery = z.infer<typeof ConversationsQuerySchema>
export const ConversationPageSchema = z.object({
  conversations: ConversationListSchema,
  /** Where the next page starts, or null at the end. */
  nextCursor: z.string().nullable(),
  /** All the user's visible conversations, and their unread messages (the badge), whatever the page. */
  total: z.number().int(),
  unreadTotal: z.number().int(),
})
export type ConversationPage = z.infer<typeof ConversationPageSchema>

export const FindByEmailResponseSchema = z.object({ userId: z.string() })
