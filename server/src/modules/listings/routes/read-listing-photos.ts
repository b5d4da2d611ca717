// Reads POST /storages/:id/photos: multipart, one or more files, each checked and processed as it streams
// in, so an oversize file or one photo too many is refused before the rest is read.
import type { FastifyRequest } from 'fastify'
import { PHOTO_MAX_BYTES, STORAGE_MAX_PHOTOS } from '@contract/storage'
import { badRequest, HttpError } from '../../../errors'
import { processPhoto, type ProcessedPhoto } from '../../../lib/photo-processing'

const MAX_MB = PHOTO_MAX_BYTES / 1024 / 1024
const TOO_MANY = `A listing can have at most ${STORAGE_MAX_PHOTOS} photos.`

/** The photos sent; `start` runs once the request is known to be multipart, and says how many the listing has. */
export async function readListingPhotos(request: FastifyRequest, start: () => Promise<number>): Promise<ProcessedPhoto[]> {
  if (!request.isMultipart()) throw badRequest('Send photos as multipart/form-data.', 'photos')
  const existing = await start()
  const processed: ProcessedPhoto[] = []
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
      if (existing + processed.length + 1 > STORAGE_MAX_PHOTOS) throw badRequest(TOO_MANY, 'photos')
      processed.push(await processPhoto(bytes, name))
    }
  } catch (err) {
    if (err instanceof HttpError) throw err
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw badRequest(TOO_MANY, 'photos')
    throw err
  }
  if (processed.length === 0) throw badRequest('Choose at least one photo.', 'photos')
  return processed
}
