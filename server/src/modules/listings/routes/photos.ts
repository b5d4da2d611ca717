// Listing photos: upload (multipart, one or more files, all-or-nothing), delete, and serving: public
// while the listing is, otherwise to its host only (storage-photo-access.ts). A photo's id never points
// at other bytes, so its id is its ETag.
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PHOTO_MAX_BYTES, STORAGE_MAX_PHOTOS, StoragePhotoSchema } from '@contract/storage'
import { addStoragePhotos, hostKeyOpens, photoBytes, removeStoragePhoto } from '../service/storage-photos'
import { photoCount } from '../service/storages'
import { findStorage } from '../service/storage-reads'
import { searchChanged } from '../../../db/change-feed'
import { matchesEtag } from '../../messaging/service/messages'
import { photoKey, PRIVATE_PHOTO_CACHE, PUBLIC_PHOTO_CACHE } from '../service/storage-photo-access'
import { photoUrl } from '../service/storage-dto'
import { processPhoto, type ProcessedPhoto } from '../../../lib/photo-processing'
import { badRequest, forbidden, HttpError, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { viewerOf } from '../service/present'

const Params = z.object({ id: z.string().max(64) })
const MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024

const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  async function ownedStorage(request: Parameters<typeof signedIn>[0], id: string) {
    const auth = signedIn(request)
    const found = await findStorage(app.db, id)
    if (!found) throw notFound('This storage listing does not exist or was removed.')
    if (found.storage.hostId !== auth.user.id && !auth.isAdmin) throw forbidden('Only the host of this listing can change its photos.')
    return found.storage
  }

  app.post(
    '/storages/:id/photos',
    { config: { auth: 'user' }, schema: { params: Params, response: { 201: z.array(StoragePhotoSchema) } } },
    async (request, reply) => {
      const storage = await ownedStorage(request, request.params.id)
      if (!request.isMultipart()) throw badRequest('Send photos as multipart/form-data.', 'photos')
      await app.checkUploadLimit(request)
      const processed: ProcessedPhoto[] = []
      const existing = await photoCount(app.db, storage.id)
      try {
        for await (const part of request.parts({ limits: { fileSize: PHOTO_MAX_BYTES, files: STORAGE_MAX_PHOTOS } })) {
          if (part.type !== 'file') continue
          const name = part.filename || 'photo'
          let bytes: Buffer
          try {
            bytes = await part.toBuffer()
          } catch (err) {
            if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
              throw new HttpError(413, `${name} is too large (max ${MAX_MB}MB).`, { field: 'photos' })
            throw err
          }
          if (existing + processed.length + 1 > STORAGE_MAX_PHOTOS) throw badRequest(`A listing can have at most ${STORAGE_MAX_PHOTOS} photos.`, 'photos')
          processed.push(await processPhoto(bytes, name))
        }
      } catch (err) {
        if (err instanceof HttpError) throw err
        const code = (err as { code?: string }).code
        if (code === 'FST_FILES_LIMIT') throw badRequest(`A listing can have at most ${STORAGE_MAX_PHOTOS} photos.`, 'photos')
        throw err
      }
      if (processed.length === 0) throw badRequest('Choose at least one photo.', 'photos')
      // Everything was checked before anything is written: a bad file leaves no row behind.
      const rows = await addStoragePhotos(app.db, storage.id, processed)
      await searchChanged(app.db) // the first photo and the score show in search
      reply.status(201)
      const viewer = await viewerOf(request)
      const session = storage.status !== 'active' && viewer?.userId === storage.hostId ? viewer.photoSession : undefined
      return rows.map((r) => {
        const key = session && photoKey(r.id, session)
        return { id: r.id, url: photoUrl(r.id, 'full', key), thumbUrl: photoUrl(r.id, 'thumb', key), width: r.width, height: r.height }
      })
    },
  )

  app.delete(
    '/storages/:id/photos/:photoId',
    { config: { auth: 'user' }, schema: { params: Params.extend({ photoId: z.string().max(64) }), response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      const storage = await ownedStorage(request, request.params.id)
      if (!(await removeStoragePhoto(app.db, storage.id, request.params.photoId))) throw notFound('This photo does not exist.')
      await searchChanged(app.db)
      return { ok: true as const }
    },
  )

  /** Whether a non-public listing's photo is asked for by its host: bearer token, or the photo key of a live session. */
  async function isHostAsking(request: FastifyRequest, photoId: string, hostId: string, key: string | undefined) {
    const auth = await request.auth()
    if (auth) return auth.user.id === hostId || auth.isAdmin
    return hostKeyOpens(app.db, key, photoId, hostId)
  }

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
      const found = await photoBytes(app.db, photoId, request.query.size)
      const isPublic = found?.status === 'active'
      if (!found || (!isPublic && !(await isHostAsking(request, photoId, found.hostId, request.query.pk)))) throw notFound('This photo does not exist.')
      const etag = `"${photoId}-${request.query.size}"`
      reply.header('etag', etag).header('cache-control', isPublic ? PUBLIC_PHOTO_CACHE : PRIVATE_PHOTO_CACHE)
      if (!isPublic) reply.header('vary', 'Authorization')
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send()
      return reply.header('content-type', found.contentType).send(found.bytes)
    },
  )
}
export default photoRoutes
