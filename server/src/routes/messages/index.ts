// The message calls (spec 7): conversations list and delete, a chat's messages (marks them read),
// sending (multipart or JSON, idempotent by clientId), and photos for the two participants only.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ConversationListSchema, MESSAGE_ERRORS, MessageSchema, MessagesResponseSchema, uuidParam } from '../../../../src/schemas/messaging'
import { conversationStateFor, hideConversationFor, listConversationsFor, markConversationRead } from '../../db/queries/conversations'
import { findPhotoForUser, insertMessage, listMessages } from '../../db/queries/messages'
import { checkPhotoLimits, normalisePhoto } from '../../domain/message-photos'
import {
  checkCanSend,
  conversationDto,
  conversationsEtag,
  isAutoClosed,
  matchesEtag,
  messageContent,
  messageDto,
  messagesEtag,
  otherUserDto,
} from '../../domain/messages'
import { badRequest, notFound } from '../../errors'
import { requireUser } from '../../plugins/auth'
import { readSendBody } from './read-send-body'

const Ok = z.object({ ok: z.literal(true) })

const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const versioned = (reply: import('fastify').FastifyReply, etag: string) =>
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Authorization')

  app.get('/conversations', { schema: { response: { 200: ConversationListSchema, 304: z.void() } } }, async (request, reply) => {
    const { user } = await requireUser(request)
    const list = (await listConversationsFor(app.db, user.id)).map(conversationDto)
    const etag = conversationsEtag(user.id, list)
    versioned(reply, etag)
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
    return list
  })

  app.delete('/conversations/:otherUserId', { schema: { params: z.object({ otherUserId: uuidParam }), response: { 200: Ok } } }, async (request) => {
    const { user } = await requireUser(request)
    if (!(await hideConversationFor(app.db, user.id, request.params.otherUserId))) throw notFound(MESSAGE_ERRORS.conversationNotFound)
    return { ok: true as const }
  })

  app.get('/messages/photos/:photoId', { schema: { params: z.object({ photoId: uuidParam }) } }, async (request, reply) => {
    const { user } = await requireUser(request)
    const photo = await findPhotoForUser(app.db, request.params.photoId, user.id)
    if (!photo) throw notFound('Photo not found.')
    return reply
      .header('content-type', photo.contentType)
      .header('content-length', String(photo.bytes.length))
      .header('cache-control', 'private, max-age=31536000, immutable')
      .header('content-disposition', 'inline')
      .send(photo.bytes)
  })

  app.get(
    '/messages/:userId',
    { schema: { params: z.object({ userId: uuidParam }), response: { 200: MessagesResponseSchema, 304: z.void() } } },
    async (request, reply) => {
      const { user } = await requireUser(request)
      const otherId = request.params.userId
      const state = otherId === user.id ? undefined : await conversationStateFor(app.db, user.id, otherId)
      if (!state) throw notFound(MESSAGE_ERRORS.conversationNotFound)
      // Reading marks read before the version check, so a 304 leaves the conversation read as well.
      if (state.conversation && state.member && state.member.unreadCount > 0) {
        await markConversationRead(app.db, state.conversation.id, user.id)
        state.member.unreadCount = 0
      }
      const etag = messagesEtag(user, state)
      versioned(reply, etag)
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
      const rows = state.conversation && state.member ? await listMessages(app.db, state.conversation.id, state.member.clearedSeq) : []
      return {
        messages: rows.map(messageDto),
        isAutoClosed: isAutoClosed(state.conversation?.closedAt, state.other),
        otherUser: otherUserDto(state.other),
      }
    },
  )

  app.post(
    '/messages',
    {
      schema: { response: { 200: MessageSchema, 201: MessageSchema } },
      // Per session, not per IP: people behind one NAT must not block each other.
      config: { rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: (req) => req.headers.authorization ?? req.ip } },
    },
    async (request, reply) => {
      const { user } = await requireUser(request)
      const body = await readSendBody(request)
      if (body.receiverId === user.id) throw badRequest(MESSAGE_ERRORS.toSelf, 'receiverId')
      const content = messageContent(body.content, body.photos.length)
      const state = await conversationStateFor(app.db, user.id, body.receiverId)
      if (!state) throw notFound(MESSAGE_ERRORS.userNotFound)
      checkCanSend(state)
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
      reply.code(created ? 201 : 200)
      return messageDto(message)
    },
  )
}

export default messageRoutes
