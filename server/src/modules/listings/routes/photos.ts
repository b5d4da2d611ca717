// Listing photos: upload (multipart, one or more files, all-or-nothing), delete, and serving: public
// while the listing is, otherwise to its host only (storage-photo-access.ts). A photo's id never points
// at other bytes, so its id is its ETag.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { StoragePhotoSchema } from '@contract/storage'
import { deleteStoragePhoto, servedStoragePhoto, storageForPhotoChange, uploadStoragePhotos } from '../service/storage-photos'
import { photoCount } from '../service/storages'
import { matchesEtag } from '../../messaging/service/messages'
import { PRIVATE_PHOTO_CACHE, PUBLIC_PHOTO_CACHE } from '../service/storage-photo-access'
import { signedIn } from '../../../plugins/auth'
import { viewerOf } from '../service/present'
import { readListingPhotos } from './read-listing-photos'

const Params = z.object({ id: z.string().max(64) })

/** Who is changing a listing's photos. */
const changerOf = (request: Parameters<typeof signedIn>[0]) => {
  const { user, isAdmin } = signedIn(request)
  return { userId: user.id, isAdmin }
}

const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/storages/:id/photos',
    { config: { auth: 'user' }, schema: { params: Params, response: { 201: z.array(StoragePhotoSchema) } } },
    async (request, reply) => {
      const storage = await storageForPhotoChange(app.db, request.params.id, changerOf(request))
      const photos = await readListingPhotos(request, async () => {
        await app.checkUploadLimit(request)
        return photoCount(app.db, storage.id)
      })
      const answer = await uploadStoragePhotos(app.db, storage, photos, await viewerOf(request))
      reply.status(201)
      return answer
    },
  )

  app.delete(
    '/storages/:id/photos/:photoId',
    { config: { auth: 'user' }, schema: { params: Params.extend({ photoId: z.string().max(64) }), response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      const storage = await storageForPhotoChange(app.db, request.params.id, changerOf(request))
      await deleteStoragePhoto(app.db, storage, request.params.photoId)
      return { ok: true as const }
    },
  )

  app.get(
    '/storage-photos/:photoId',
    {
      config: { auth: 'optional' },
      schema: {
        params: z.object({ photoId: z.string().max(64) }),
        querystring: z.object({ size: z.enum(['full', 'thumb']).default('full'), pk: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const { photoId } = request.params
      const asker = async () => {
        const auth = await request.auth()
        return auth && { userId: auth.user.id, isAdmin: auth.isAdmin }
      }
      const photo = await servedStoragePhoto(app.db, photoId, request.query.size, { auth: asker, key: request.query.pk })
      const etag = `"${photoId}-${request.query.size}"`
      reply.header('etag', etag).header('cache-control', photo.isPublic ? PUBLIC_PHOTO_CACHE : PRIVATE_PHOTO_CACHE)
      if (!photo.isPublic) reply.header('vary', 'Authorization')
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
      return reply.header('content-type', photo.contentType).send(photo.bytes)
    },
  )
}
export default photoRoutes
