// Reads POST /messages: multipart (content, repeated photos, receiverId, clientId) or JSON, into one
// shape. Limits are enforced while streaming, so an oversize upload is refused before it is all read.
import type { FastifyRequest } from 'fastify'
import { MAX_PHOTO_BYTES, MAX_PHOTOS, MAX_TOTAL_PHOTO_BYTES, MESSAGE_ERRORS, SendMessageJsonSchema } from '@contract/messaging'
import type { UploadedPhoto } from '../service/message-photos'
import { badRequest } from '../../../errors'
import { describeIssue } from '../../../plugins/error-handler'
import { findNul, nulError } from '../../../plugins/reject-nul'

export interface SendBody {
  receiverId: string
  content: string
  clientId?: string
  storageId?: string
  photos: UploadedPhoto[]
}

const TEXT_FIELDS = new Set(['receiverId', 'content', 'clientId', 'storageId'])

function parseFields(fields: Record<string, unknown>, photos: UploadedPhoto[]): SendBody {
  const nul = findNul(fields)
  if (nul) throw nulError(nul)
  const parsed = SendMessageJsonSchema.safeParse(fields)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    const path = issue.path.join('.')
    const message =
      issue.message === MESSAGE_ERRORS.tooLong
        ? issue.message
        : describeIssue(`/${path}`, issue.code === 'invalid_type' && fields[path] === undefined ? 'is required' : issue.message).message
    throw badRequest(message, path)
  }
  return { ...parsed.data, photos }
}

async function readMultipart(request: FastifyRequest): Promise<SendBody> {
  const fields: Record<string, string> = {}
  const photos: UploadedPhoto[] = []
  let total = 0
  const parts = request.parts({
    limits: { fileSize: MAX_PHOTO_BYTES, files: MAX_PHOTOS + 1, fields: 10, fieldSize: 16 * 1024, parts: 20 },
  })
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (!TEXT_FIELDS.has(part.fieldname)) continue
        if (part.valueTruncated) throw badRequest(MESSAGE_ERRORS.tooLong, part.fieldname)
        fields[part.fieldname] = String(part.value)
        continue
      }
      if (part.fieldname !== 'photos') {
        part.file.resume()
        continue
      }
      if (photos.length >= MAX_PHOTOS) throw badRequest(MESSAGE_ERRORS.maxPhotos, 'photos')
      let bytes: Buffer
      try {
        bytes = await part.toBuffer()
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MESSAGE_ERRORS.photoOverLimit(photos.length + 1), 'photos')
        throw err
      }
      total += bytes.length
      if (total > MAX_TOTAL_PHOTO_BYTES) throw badRequest(MESSAGE_ERRORS.totalTooLarge, 'photos')
      photos.push({ filename: part.filename, bytes, truncated: part.file.truncated })
    }
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'FST_FILES_LIMIT') throw badRequest(MESSAGE_ERRORS.maxPhotos, 'photos')
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') throw badRequest('The message form has too many parts.')
    throw err
  }
  return parseFields(fields, photos)
}

export async function readSendBody(request: FastifyRequest): Promise<SendBody> {
  if (request.isMultipart()) return readMultipart(request)
  const body = request.body
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('receiverId is required', 'receiverId')
  const { photos: _ignored, ...fields } = body as Record<string, unknown>
  return parseFields(fields, [])
}
