// Reads an evidence photo upload: multipart with a `clientId` field, an optional `utcOffset` (the device's,
// for a camera time written without one) and one `photo` file (at most 5MB, the message photo limit). The
// fields may come before or after the file.
import type { FastifyRequest } from 'fastify'
import { CLIENT_ID_PATTERN } from '@contract/evidence'
import { MAX_PHOTO_BYTES, MESSAGE_ERRORS } from '@contract/messaging'
import type { UploadedPhoto } from '../../messaging/service/message-photos'
import { badRequest } from '../../../errors'

const UTC_OFFSET = /^[+-](?:0\d|1[0-4]):[0-5]\d$/

export async function readPhotoUpload(request: FastifyRequest): Promise<{ clientId: string; photo: UploadedPhoto; utcOffset?: string }> {
  if (!request.isMultipart()) throw badRequest('Send the photo as multipart form data.', 'photo')
  let clientId: string | undefined
  let utcOffset: string | undefined
  let photo: UploadedPhoto | undefined
  const parts = request.parts({ limits: { fileSize: MAX_PHOTO_BYTES, files: 1, fields: 4, fieldSize: 256, parts: 6 } })
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'clientId') clientId = String(part.value)
        if (part.fieldname === 'utcOffset') utcOffset = String(part.value)
        continue
      }
      if (part.fieldname !== 'photo') {
        part.file.resume()
        continue
      }
      let bytes: Buffer
      try {
        bytes = await part.toBuffer()
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MESSAGE_ERRORS.photoOverLimit(1), 'photo')
        throw err
      }
      photo = { filename: part.filename, bytes, truncated: part.file.truncated }
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_FILES_LIMIT') throw badRequest('Send one photo at a time.', 'photo')
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('The upload has too many parts.')
    throw err
  }
  if (!clientId || !CLIENT_ID_PATTERN.test(clientId)) throw badRequest('clientId is required (8–64 letters, digits or dashes)', 'clientId')
  if (!photo) throw badRequest('photo is required', 'photo')
  if (photo.truncated) throw badRequest(MESSAGE_ERRORS.photoOverLimit(1), 'photo')
  if (utcOffset !== undefined && !UTC_OFFSET.test(utcOffset)) throw badRequest('utcOffset must look like +02:00 or -05:00', 'utcOffset')
  return { clientId, photo, utcOffset }
}
