// What the message calls do (spec 7), apart from HTTP: the conversation list and a chat, each answered
// from memory when polled unchanged (the ETag this instance last computed for the same view, if nothing it
// depends on was written since: db/change-versions.ts), and sending a message.
import {
  CONVERSATION_PAGE_SIZE,
  MESSAGE_ERRORS,
  type Conversation,
  type ConversationPage,
  type ConversationsQuery,
  type Message,
  type MessagesQuery,
  type MessagesResponse,
} from '@contract/messaging'
import type { Db } from '../../../db/client'
import { versionKeys, type ChangeVersions } from '../../../db/change-versions'
import type { UserRow } from '../../../db/schema/users'
import { badRequest, notFound } from '../../../errors'
import { lastVisitChangeBetween } from '../../bookings/service/visits'
import { findStorageRow } from '../../listings/service/storage-reads'
import { checkNotBlocked } from '../../safety/service/blocks'
import { listRemovedMessageIds } from '../../safety/service/reports'
import { protectContactDetails } from './contact-protection'
import {
  conversationStateFor,
  insertMessage,
  listConversationPage,
  listConversationsFor,
  markConversationRead,
  readChatPage,
  recentTextsBySender,
} from './conversations'
import { checkPhotoLimits, normalisePhoto, type UploadedPhoto } from './message-photos'
import {
  checkAboutListing,
  checkCanSend,
  conversationDto,
  conversationsEtag,
  isAutoClosed,
  matchesEtag,
  messageContent,
  messageDto,
  messagesEtag,
  otherUserDto,
  pollIds,
} from './messages'

/** What a polled view needs of the instance's remembered versions. */
export type EtagMemory = Pick<ChangeVersions, 'now' | 'etag' | 'rememberEtag'>

/** A polled view's answer: its ETag, and the body unless the caller's copy (If-None-Match) is still it. */
export type Versioned<T> = { etag: string; body?: T }

/** The ETag remembered for `id`, if the caller's copy is still it: the answer is a 304 from memory. */
function unchanged(versions: EtagMemory, id: string, ifNoneMatch: string | undefined): string | undefined {
  const known = ifNoneMatch ? versions.etag(id) : undefined
  return known && matchesEtag(ifNoneMatch, known) ? known : undefined
}

/**
 * The conversation list: without a limit or cursor the whole list (the spec's array); with one, a page of
 * it from a cursor, with totals. `search`, the query string as the client wrote it: each page is
 * remembered apart.
 */
export async function conversationsView(
  db: Db,
  versions: EtagMemory,
  userId: string,
  { limit, cursor }: ConversationsQuery,
  search: string,
  ifNoneMatch: string | undefined,
): Promise<Versioned<Conversation[] | ConversationPage>> {
  const id = pollIds.list(userId, search)
  const known = unchanged(versions, id, ifNoneMatch)
  if (known) return { etag: known }
  const at = versions.now()
  const page =
    limit !== undefined || cursor !== undefined ? await listConversationPage(db, userId, { limit: limit ?? CONVERSATION_PAGE_SIZE, cursor }) : undefined
  const list = (page?.rows ?? (await listConversationsFor(db, userId))).map(conversationDto)
  const etag = conversationsEtag(userId, list, page ? [cursor, limit, page.nextCursor, page.total, page.unreadTotal] : [])
  // The list shows the other users as well: a rename or deactivation of any of them changes it.
  versions.rememberEtag(id, etag, at, [versionKeys.list(userId), ...list.map((c) => versionKeys.user(c._id))])
  if (matchesEtag(ifNoneMatch, etag)) return { etag }
  return { etag, body: page ? { conversations: list, nextCursor: page.nextCursor, total: page.total, unreadTotal: page.unreadTotal } : list }
}

/**
 * A chat with `otherId`: marks it read, then answers its page of messages. Unread messages bump the pair's
 * version, so an answer from memory never leaves any unread.
 */
export async function chatView(
  db: Db,
  versions: EtagMemory,
  me: UserRow,
  otherId: string,
  query: MessagesQuery,
  ifNoneMatch: string | undefined,
): Promise<Versioned<MessagesResponse>> {
  const id = pollIds.chat(me.id, otherId)
  const known = unchanged(versions, id, ifNoneMatch)
  if (known) return { etag: known }
  const at = versions.now()
  const state = otherId === me.id ? undefined : await conversationStateFor(db, me.id, otherId)
  if (!state) throw notFound(MESSAGE_ERRORS.conversationNotFound)
  // Reading marks read before the version check, so a 304 leaves the conversation read as well. It
  // changes what the other side sees ("Seen"), not this answer.
  if (state.conversation && state.member && state.member.unreadCount > 0) await markConversationRead(db, state.conversation.id, me.id, otherId)
  const visitsAt = await lastVisitChangeBetween(db, me.id, otherId)
  const etag = messagesEtag(me, state, visitsAt)
  versions.rememberEtag(id, etag, at, [versionKeys.pair(me.id, otherId), versionKeys.read(otherId, me.id), versionKeys.user(me.id), versionKeys.user(otherId)])
  if (matchesEtag(ifNoneMatch, etag)) return { etag }
  const { page, limited } = await readChatPage(db, state, query)
  return {
    etag,
    body: {
      messages: page.rows.map(messageDto),
      isAutoClosed: isAutoClosed(state.conversation?.closedAt, state.other),
      // The email only once both sides have written or a booking joins them: an id alone must not reveal an address.
      otherUser: otherUserDto(state.other, { withEmail: Boolean(state.contactShared) }),
      hasOlder: query.after === undefined || limited ? page.more : false,
      clearedSeq: state.member?.clearedSeq ?? 0,
      otherReadSeq: state.otherReadSeq ?? 0,
      limited,
      storageId: state.conversation?.storageId ?? null,
      visitsAt: visitsAt?.toISOString() ?? null,
      ...(state.conversation?.removedCount ? { removedIds: await listRemovedMessageIds(db, state.conversation.id) } : {}),
    },
  }
}

export interface SendInput {
  receiverId: string
  content: string
  clientId?: string
  storageId?: string
  photos: UploadedPhoto[]
}

/**
 * Sends a message (idempotent by clientId: a repeat answers the stored message, `created` false). Checks
 * that the pair may write, that the listing it is about is the receiver's, masks contact details, and
 * normalises the photos. `notify` is called for a new message only.
 */
export async function sendMessage(
  db: Db,
  sender: UserRow,
  input: SendInput,
  notify: (message: { messageId: string; senderId: string; senderName: string; content: string; photoCount: number }) => Promise<void>,
): Promise<{ message: Message; created: boolean }> {
  if (input.receiverId === sender.id) throw badRequest(MESSAGE_ERRORS.toSelf, 'receiverId')
  const typed = messageContent(input.content, input.photos.length)
  const state = await conversationStateFor(db, sender.id, input.receiverId)
  if (!state) throw notFound(MESSAGE_ERRORS.userNotFound)
  checkCanSend(state)
  await checkNotBlocked(db, sender.id, input.receiverId)
  if (input.storageId) checkAboutListing(await findStorageRow(db, input.storageId), input.receiverId)
  const previous = state.conversation ? await recentTextsBySender(db, state.conversation.id, sender.id) : []
  const content = await protectContactDetails(db, sender.id, input.receiverId, typed, previous)
  checkPhotoLimits(input.photos)
  const photos = []
  for (const p of input.photos) photos.push(await normalisePhoto(p))
  const { message, created } = await insertMessage(db, {
    senderId: sender.id,
    receiverId: input.receiverId,
    content,
    clientId: input.clientId,
    storageId: input.storageId,
    photos,
  })
  if (created) {
    const senderName = `${sender.firstName} ${sender.lastName}`.trim()
    await notify({ messageId: message.id, senderId: sender.id, senderName, content, photoCount: photos.length })
  }
  return { message: messageDto(message), created }
}
