// Message rules: who may write to whom, when a conversation is closed, the answer shapes, and the
// cheap version tags (ETags) that let polling clients get a 304 when nothing changed.
import { createHash } from 'node:crypto'
import type { Conversation, Message, OtherUser } from '@contract/messaging'
import { IMAGE_CONTENT, MESSAGE_ERRORS, MESSAGE_MAX_LENGTH } from '@contract/messaging'
import { SAFETY_TEXT } from '@contract/safety'
import type { ConversationListRow, ConversationState } from '../queries/conversations'
import type { MessageListRow } from '../queries/messages'
import type { UserRow } from '../../../db/schema/users'
import { badRequest, conflict } from '../../../errors'

/** Closed by an admin, or the other account is deactivated: no more sending. */
export const isAutoClosed = (closedAt: Date | null | undefined, other: { deactivatedAt: Date | null }) => Boolean(closedAt || other.deactivatedAt)

export function checkCanSend(state: ConversationState) {
  if (isAutoClosed(state.conversation?.closedAt, state.other)) throw conflict(MESSAGE_ERRORS.closed)
}

/**
 * A message about a listing ("Message host") names one the receiver has published (active, or paused
 * since): never a draft, a removed one, someone else's, or the sender's own. One answer for all of them,
 * so the check tells nothing about listings the sender cannot see.
 */
export function checkAboutListing(listing: { hostId: string; status: string } | undefined, receiverId: string) {
  if (!listing || listing.hostId !== receiverId || (listing.status !== 'active' && listing.status !== 'paused'))
    throw badRequest(MESSAGE_ERRORS.notTheirListing, 'storageId')
}

/** Content rules: trimmed, at most 1000 characters, not empty unless photos carry it ('image'). */
export function messageContent(raw: string | undefined, photoCount: number): string {
  const text = (raw ?? '').trim()
  if (text.length > MESSAGE_MAX_LENGTH) throw badRequest(MESSAGE_ERRORS.tooLong, 'content')
  if (!text && photoCount === 0) throw badRequest(MESSAGE_ERRORS.empty, 'content')
  return text || IMAGE_CONTENT
}

/** The other person in a chat; their email ('' otherwise) only once contact is shared (see contactShared in modules/messaging/queries/conversations.ts). */
export const otherUserDto = (u: Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'email'>, { withEmail }: { withEmail: boolean }): OtherUser => ({
  _id: u.id,
  firstName: u.firstName,
  lastName: u.lastName,
  email: withEmail ? u.email : '',
})

/** A message an admin removed keeps its place (and seq) but shows as a notice, without its text or photos. */
export const messageDto = (m: MessageListRow): Message =>
  m.hiddenAt ? { ...visibleMessageDto(m), content: SAFETY_TEXT.removedMessage, photos: [], isSystem: true } : visibleMessageDto(m)

const visibleMessageDto = (m: MessageListRow): Message => ({
  _id: m.id,
  seq: m.seq,
  sender: { _id: m.senderId, id: m.senderId, firstName: m.senderFirstName, lastName: m.senderLastName },
  receiverId: m.receiverId,
  content: m.content,
  photos: m.photos,
  timestamp: new Date(m.createdAt).toISOString(),
  isSystem: m.isSystem,
  clientId: m.clientId,
})

export const conversationDto = (r: ConversationListRow): Conversation => ({
  _id: r.other.id,
  otherUser: otherUserDto(r.other, { withEmail: Boolean(r.contactShared) }),
  lastMessage: r.lastMessageAt ? { content: r.lastMessageContent ?? '', timestamp: r.lastMessageAt.toISOString() } : null,
  unreadCount: r.unreadCount,
  updatedAt: (r.lastMessageAt ?? r.updatedAt).toISOString(),
  isAutoClosed: isAutoClosed(r.closedAt, r.other),
  storageId: r.storageId,
})

const tag = (parts: unknown[]) => `W/"${createHash('sha1').update(JSON.stringify(parts)).digest('base64url')}"`

/** Version of the list (or of one page of it: `extra` holds the query and the totals): every field the answer shows, per user. */
export const conversationsEtag = (userId: string, rows: Conversation[], extra: unknown[] = []) =>
  tag([
    userId,
    rows.map((r) => [r._id, r.lastMessage?.timestamp, r.lastMessage?.content, r.unreadCount, r.updatedAt, r.isAutoClosed, r.otherUser, r.storageId]),
    ...extra,
  ])

/**
 * Version of one chat, from the conversation row alone (no messages, no photo bytes): messages are
 * append-only, so the last message id, the count and the caller's cleared point fix the list, whatever
 * page or cursor a request asks for (the browser keeps one answer per URL and revalidates it with this).
 */
/** `visitsAt`: when a visit between the two last changed, so a proposal or an answer ends the chat's 304s. */
export const messagesEtag = (me: UserRow, state: ConversationState, visitsAt: Date | null = null) =>
  tag([
    me.id,
    me.firstName,
    me.lastName,
    state.other.id,
    state.other.updatedAt,
    state.conversation?.lastMessageId,
    state.conversation?.messageCount,
    state.conversation?.removedCount,
    state.member?.clearedSeq,
    state.otherReadSeq,
    isAutoClosed(state.conversation?.closedAt, state.other),
    Boolean(state.contactShared),
    state.conversation?.storageId,
    visitsAt?.getTime() ?? 0,
  ])

/** The remembered-ETag id of each polled view (the chat service and plugins/poll-fast-path.ts use the same ids). */
export const pollIds = {
  /** `search`: the query string as sent ('' for the whole list), since each page is its own answer. */
  list: (userId: string, search = '') => `list ${userId}${search}`,
  chat: (userId: string, otherUserId: string) => `chat ${userId} ${otherUserId}`,
}

/** If-None-Match may list several tags, weak or strong. */
export function matchesEtag(header: string | undefined, etag: string) {
  if (!header) return false
  if (header === etag) return true // what the app's polls send: no need to take the list apart
  const bare = etag.replace(/^W\//, '')
  return header.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === bare)
}

export { listClosedConversations } from '../queries/conversations'
