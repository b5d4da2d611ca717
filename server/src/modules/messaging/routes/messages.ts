// The message calls (spec 7): conversations list and delete, a chat's messages (marks them read),
// sending (multipart or JSON, idempotent by clientId), and photos for the two participants only.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  CONVERSATION_PAGE_SIZE,
  ConversationListSchema,
  ConversationPageSchema,
  ConversationsQuerySchema,
  MESSAGE_ERRORS,
  MessageSchema,
  MessagesQuerySchema,
  MessagesResponseSchema,
  uuidParam,
} from '@contract/messaging'
import {
  conversationStateFor,
  findPhotoForUser,
  hideConversationFor,
  insertMessage,
  listConversationPage,
  listConversationsFor,
  markConversationRead,
  readChatPage,
  recentTextsBySender,
} from '../service/conversations'
import { versionKeys } from '../../../db/change-versions'
import { lastVisitChangeBetween } from '../../bookings/service/visits'
import { checkPhotoLimits, normalisePhoto } from '../service/message-photos'
import { protectContactDetails } from '../service/contact-protection'
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
} from '../service/messages'
import { badRequest, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { pollIds } from '../../../plugins/poll-fast-path'
import { userOrIpKey } from '../../../plugins/rate-limits'
import adminConversationRoutes from './admin'
import { readSendBody } from './read-send-body'
import { listRemovedMessageIds } from '../../safety/service/reports'
import { checkNotBlocked } from '../../safety/service/blocks'
import { findStorageRow } from '../../listings/service/storage-reads'

const Ok = z.object({ ok: z.literal(true) })

/** The query string as the client wrote it: each page of the list is remembered apart. */
const searchOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '')

const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const versioned = (reply: FastifyReply, etag: string) =>
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Authorization')

  // An unchanged poll is answered from memory: the ETag this instance last computed for the same view,
  // if nothing it depends on was written since (db/change-versions.ts). Mostly that happens in the
  // first onRequest hook (plugins/poll-fast-path.ts); here when the session had to be read first.
  const versions = () => app.changes.versions
  const unchanged = (request: FastifyRequest, reply: FastifyReply, id: string) => {
    const header = request.headers['if-none-match']
    const known = header ? versions().etag(id) : undefined
    if (!known || !matchesEtag(header, known)) return false
    versioned(reply, known)
    return true
  }

  // Without a limit, the whole list (the spec's array); with one, a page of it from a cursor, with totals.
  app.get(
    '/conversations',
    {
      config: { auth: 'user' },

      schema: {
        querystring: ConversationsQuerySchema,
        response: { 200: z.union([ConversationListSchema, ConversationPageSchema]), 304: z.void() },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request)
      const id = pollIds.list(user.id, searchOf(request.url))
      if (unchanged(request, reply, id)) return reply.code(304).send()
      const at = versions().now()
      const { limit, cursor } = request.query
      const page =
        limit !== undefined || cursor !== undefined
          ? await listConversationPage(app.db, user.id, { limit: limit ?? CONVERSATION_PAGE_SIZE, cursor })
          : undefined
      const list = (page?.rows ?? (await listConversationsFor(app.db, user.id))).map(conversationDto)
      const etag = conversationsEtag(user.id, list, page ? [cursor, limit, page.nextCursor, page.total, page.unreadTotal] : [])
      // The list shows the other users as well: a rename or deactivation of any of them changes it.
      versions().rememberEtag(id, etag, at, [versionKeys.list(user.id), ...list.map((c) => versionKeys.user(c._id))])
      versioned(reply, etag)
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
      return page ? { conversations: list, nextCursor: page.nextCursor, total: page.total, unreadTotal: page.unreadTotal } : list
    },
  )

  app.delete(
    '/conversations/:otherUserId',
    { config: { auth: 'user' }, schema: { params: z.object({ otherUserId: uuidParam }), response: { 200: Ok } } },
    async (request) => {
      const { user } = signedIn(request)
      if (!(await hideConversationFor(app.db, user.id, request.params.otherUserId))) throw notFound(MESSAGE_ERRORS.conversationNotFound)
      return { ok: true as const }
    },
  )

  app.get('/messages/photos/:photoId', { config: { auth: 'user' }, schema: { params: z.object({ photoId: uuidParam }) } }, async (request, reply) => {
    const { user } = signedIn(request)
    const photo = await findPhotoForUser(app.db, request.params.photoId, user.id)
    if (!photo) throw notFound('Photo not found.')
    // A photo's bytes never change, but who may see them is checked on every use: the browser keeps
    // a copy only to revalidate (304), so after logout no one else on the device gets it unasked.
    const etag = `"${request.params.photoId}"`
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Authorization')
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
    return reply
      .header('content-type', photo.contentType)
      .header('content-length', String(photo.bytes.length))
      .header('content-disposition', 'inline')
      .send(photo.bytes)
  })

  app.get(
    '/messages/:userId',
    {
      config: { auth: 'user' },

      schema: { params: z.object({ userId: uuidParam }), querystring: MessagesQuerySchema, response: { 200: MessagesResponseSchema, 304: z.void() } },
    },
    async (request, reply) => {
      const { user } = signedIn(request)
      const otherId = request.params.userId
      const id = pollIds.chat(user.id, otherId)
      // Unread messages bump the pair's version, so an answer from memory never leaves any unread.
      if (unchanged(request, reply, id)) return reply.code(304).send()
      const at = versions().now()
      const state = otherId === user.id ? undefined : await conversationStateFor(app.db, user.id, otherId)
      if (!state) throw notFound(MESSAGE_ERRORS.conversationNotFound)
      // Reading marks read before the version check, so a 304 leaves the conversation read as well. It
      // changes what the other side sees ("Seen"), not this answer.
      if (state.conversation && state.member && state.member.unreadCount > 0) {
        await markConversationRead(app.db, state.conversation.id, user.id, otherId)
      }
      const visitsAt = otherId === user.id ? null : await lastVisitChangeBetween(app.db, user.id, otherId)
      const etag = messagesEtag(user, state, visitsAt)
      versions().rememberEtag(id, etag, at, [
        versionKeys.pair(user.id, otherId),
        versionKeys.read(otherId, user.id),
        versionKeys.user(user.id),
        versionKeys.user(otherId),
      ])
      versioned(reply, etag)
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
      const { page, limited } = await readChatPage(app.db, state, request.query)
      return {
        messages: page.rows.map(messageDto),
        isAutoClosed: isAutoClosed(state.conversation?.closedAt, state.other),
        // The email only once both sides have written or a booking joins them: an id alone must not reveal an address.
        otherUser: otherUserDto(state.other, { withEmail: Boolean(state.contactShared) }),
        hasOlder: request.query.after === undefined || limited ? page.more : false,
        clearedSeq: state.member?.clearedSeq ?? 0,
        otherReadSeq: state.otherReadSeq ?? 0,
        limited,
        storageId: state.conversation?.storageId ?? null,
        visitsAt: visitsAt?.toISOString() ?? null,
        ...(state.conversation?.removedCount ? { removedIds: await listRemovedMessageIds(app.db, state.conversation.id) } : {}),
      }
    },
  )

  app.post(
    '/messages',
    {
      schema: { response: { 200: MessageSchema, 201: MessageSchema } },
      // Per user, not per IP: people behind one NAT must not block each other (and not per header text:
      // another spelling of the same token is the same user).
      config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: userOrIpKey } },
    },
    async (request, reply) => {
      const { user } = signedIn(request)
      const body = await readSendBody(request)
      if (body.photos.length > 0) await app.checkUploadLimit(request)
      if (body.receiverId === user.id) throw badRequest(MESSAGE_ERRORS.toSelf, 'receiverId')
      const typed = messageContent(body.content, body.photos.length)
      const state = await conversationStateFor(app.db, user.id, body.receiverId)
      if (!state) throw notFound(MESSAGE_ERRORS.userNotFound)
      checkCanSend(state)
      await checkNotBlocked(app.db, user.id, body.receiverId)
      if (body.storageId) checkAboutListing(await findStorageRow(app.db, body.storageId), body.receiverId)
      const previous = state.conversation ? await recentTextsBySender(app.db, state.conversation.id, user.id) : []
      const content = await protectContactDetails(app.db, user.id, body.receiverId, typed, previous)
      checkPhotoLimits(body.photos)
      const photos = []
      for (const p of body.photos) photos.push(await normalisePhoto(p))
      const { message, created } = await insertMessage(app.db, {
        senderId: user.id,
        receiverId: body.receiverId,
        content,
        clientId: body.clientId,
        storageId: body.storageId,
        photos,
      })
      if (created) {
        // Queued in the database (durable); a failure here must not fail a message already stored.
        const senderName = `${user.firstName} ${user.lastName}`.trim()
        await app.push
          .notify(body.receiverId, 'message', { messageId: message.id, senderId: user.id, senderName, content, photoCount: photos.length })
          .catch((err: unknown) => request.log.error({ err }, 'push notification not queued'))
      }
      reply.code(created ? 201 : 200)
      return messageDto(message)
    },
  )

  await app.register(adminConversationRoutes)
}

export default messageRoutes
