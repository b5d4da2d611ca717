// Move-in and move-out evidence and claims (contract/evidence.ts). Every route is for a signed-in user and
// every answer is checked against the booking's two parties (admins read): a third user gets a 404.
//   GET  /evidence/with/:userId                      the chat's cards (counts only)
//   GET  /evidence/bookings/:bookingId               both checks with photos (metadata) and items
//   POST /evidence/bookings/:bookingId/:kind/photos  one photo (multipart: clientId, photo), idempotent
//   POST /evidence/bookings/:bookingId/:kind/items   { name, note }
//   POST /evidence/bookings/:bookingId/:kind/confirm
//   GET  /evidence/photos/:photoId                   the bytes
//   POST /evidence/bookings/:bookingId/claims        a claim (10-day window)
//   GET  /admin/claims                               admins: claims with everything attached
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AddItemSchema,
  AdminClaimPageSchema,
  BookingEvidenceSchema,
  bookingIdParam,
  checkParams,
  ClaimBodySchema,
  ClaimSchema,
  EvidenceItemSchema,
  EvidencePhotoSchema,
  PairEvidenceSchema,
  photoIdParam,
} from '@contract/evidence'
import { PageQuerySchema } from '@contract/admin'
import { uuidParam } from '@contract/messaging'
import { adminClaims, fileClaim } from '../service/claims'
import { idempotent } from '../../../lib/idempotent'
import { addItem, addPhoto, bookingEvidence, confirmCheck, evidencePhotoFor, pairEvidence } from '../service/checks'
import { matchesEtag } from '../../messaging/service/messages'
import { publicBaseUrl } from '../../../lib/public-url'
import { signedIn } from '../../../plugins/auth'
import { userOrIpKey } from '../../../plugins/rate-limits'
import { readPhotoUpload } from './read-upload'

const viewerOf = (request: Parameters<typeof signedIn>[0]) => {
  const { user, isAdmin } = signedIn(request)
  return { id: user.id, isAdmin }
}

const evidenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'private, no-store')
  })

  app.get(
    '/evidence/with/:userId',
    { config: { auth: 'user' }, schema: { params: z.object({ userId: uuidParam }), response: { 200: PairEvidenceSchema } } },
    async (request) => {
      return pairEvidence(app.db, signedIn(request).user.id, request.params.userId)
    },
  )

  app.get(
    '/evidence/bookings/:bookingId',
    { config: { auth: 'user' }, schema: { params: bookingIdParam, response: { 200: BookingEvidenceSchema } } },
    async (request) => {
      return bookingEvidence(app.db, request.params.bookingId, viewerOf(request))
    },
  )

  app.post(
    '/evidence/bookings/:bookingId/:kind/photos',
    {
      schema: { params: checkParams, response: { 200: EvidencePhotoSchema, 201: EvidencePhotoSchema } },
      config: { auth: 'user', rateLimit: { max: 120, timeWindow: '1 minute', keyGenerator: userOrIpKey } },
    },
    async (request, reply) => {
      const upload = await readPhotoUpload(request)
      await app.checkUploadLimit(request)
      const { photo, created } = await addPhoto(app.db, {
        bookingId: request.params.bookingId,
        kind: request.params.kind,
        viewer: viewerOf(request),
        clientId: upload.clientId,
        photo: upload.photo,
        utcOffset: upload.utcOffset,
      })
      return reply.code(created ? 201 : 200).send(photo)
    },
  )

  app.post(
    '/evidence/bookings/:bookingId/:kind/items',
    { config: { auth: 'user' }, schema: { params: checkParams, body: AddItemSchema, response: { 201: EvidenceItemSchema } } },
    async (request, reply) => {
      const item = await addItem(app.db, { ...request.params, viewer: viewerOf(request), name: request.body.name, note: request.body.note })
      return reply.code(201).send(item)
    },
  )

  app.post(
    '/evidence/bookings/:bookingId/:kind/confirm',
    { config: { auth: 'user' }, schema: { params: checkParams, response: { 200: z.object({ renterConfirmed: z.boolean(), hostConfirmed: z.boolean() }) } } },
    async (request) => confirmCheck(app.db, { ...request.params, viewer: viewerOf(request) }),
  )

  app.get('/evidence/photos/:photoId', { config: { auth: 'user' }, schema: { params: photoIdParam } }, async (request, reply) => {
    const photo = await evidencePhotoFor(app.db, request.params.photoId, viewerOf(request))
    const etag = `"${photo.id}"`
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'Authorization')
    if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
    return reply.header('content-type', photo.contentType).header('content-disposition', 'inline').send(photo.bytes)
  })

  app.post(
    '/evidence/bookings/:bookingId/claims',
    { config: { auth: 'user' }, schema: { params: bookingIdParam, body: ClaimBodySchema, response: { 201: ClaimSchema } } },
    async (request, reply) => {
      const viewer = viewerOf(request)
      // Sent by the action queue with an Idempotency-Key: a retry whose first answer was lost gets that
      // answer, not a second claim (and a second email to the other side).
      return idempotent(app, request, reply, viewer.id, async () => {
        const bookingsUrl = `${publicBaseUrl(app.config, request)}/bookings`
        const claim = await fileClaim(app.db, app.mailer, { bookingId: request.params.bookingId, viewer, body: request.body, bookingsUrl })
        reply.code(201)
        return claim
      })
    },
  )

  app.get(
    '/admin/claims',
    { config: { auth: 'admin' }, schema: { querystring: PageQuerySchema, response: { 200: AdminClaimPageSchema } } },
    async (request) => {
      const { page, limit } = request.query
      const { claims, total } = await adminClaims(app.db, { page, limit })
      return { items: claims, total, page, limit }
    },
  )
}

export default evidenceRoutes
