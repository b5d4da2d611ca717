// The message calls (spec 7): conversations list and delete, a chat's messages (marks them read),
// sending (multipart or JSON, idempotent by clientId), and photos for the two participants only.
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ConversationListSchema,
  ConversationPageSchema,
  ConversationsQuerySchema,
  MESSAGE_ERRORS,
  MessageSchema,
  MessagesQuerySchema,
  MessagesResponseSchema,
  uuidParam,
} from '@contract/messaging'
import { findPhotoForUser, hideConversationFor } from '../service/conversations'
import { chatView, conversationsView, sendMessage } from '../service/chat'
import { matchesEtag } from '../service/messages'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { userOrIpKey } from '../../../plugins/rate-limits'
import adminConversationRoutes from './admin'
import { readSendBody } from './read-send-body'

const Ok = z.object({ ok: z.literal(true) })

/** The query string as the client wrote it: each page of the list is remembered apart. */
const searchOf = (url: string) => (url.includes('?') ? url.slice(url.indexOf('?')) : '')

/** A polled view's answer: a 304 when the caller's copy is still it (the chat service decides), else the body. */
const versioned = <T>(reply: FastifyReply, { etag, body }: { etag: string; body?: T }) => {
  reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Authorization')
  return body === undefined ? reply.code(304).send() : body
}

// An unchanged poll is mostly answered in the first onRequest hook (plugins/poll-fast-path.ts); the chat
// service answers it from the same memory when the session had to be read first.
const messageRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const view = await conversationsView(app.db, app.changes.versions, user.id, request.query, searchOf(request.url), request.headers['if-none-match'])
      return versioned(reply, view)
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
      const view = await chatView(app.db, app.changes.versions, user, request.params.userId, request.query, request.headers['if-none-match'])
      return versioned(reply, view)
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
      const { message, created } = await sendMessage(app.db, user, body, (input) =>
        // Queued in the database (durable); a failure here must not fail a message already stored.
        app.push
          .notify(body.receiverId, 'message', input)
          .then(() => undefined)
          .catch((err: unknown) => request.log.error({ err }, 'push notification not queued')),
      )
      reply.code(created ? 201 : 200)
      return message
    },
  )

  await app.register(adminConversationRoutes)
}

export default messageRoutes
