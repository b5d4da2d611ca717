// Photo rules for messages: images only, judged by their bytes (not name or declared type), at most
// 5 of at most 5MB each and 10MB in all; each is re-encoded with sharp, which drops metadata (location).
// An animated GIF or WebP keeps its first frame only (all frames of a small GIF took seconds), the frame
// size is capped, and images take turns in the image queue.
import sharp from 'sharp'
import { MAX_PHOTO_BYTES, MAX_PHOTOS, MAX_TOTAL_PHOTO_BYTES, MESSAGE_ERRORS } from '@contract/messaging'
import { badRequest } from '../../../errors'
import { imageQueue } from '../../../lib/image-queue'
import { checkImageSize, MAX_INPUT_PIXELS } from '../../../lib/photo-processing'

export type ImageKind = 'jpeg' | 'png' | 'webp' | 'gif'

/** Recognises the four image formats we accept by their magic bytes. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const b = (i: number) => bytes[i]
  if (bytes.length >= 3 && b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return 'jpeg'
  if (bytes.length >= 8 && [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((v, i) => b(i) === v)) return 'png'
  if (bytes.length >= 12 && String.fromCharCode(...bytes.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...bytes.subarray(8, 12)) === 'WEBP') return 'webp'
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(String.fromCharCode(...bytes.subarray(0, 6)))) return 'gif'
  return null
}

export interface UploadedPhoto {
  filename: string
  bytes: Buffer
  /** True when the upload was cut at the per-file limit. */
  truncated: boolean
}

/** Checks the count and sizes first (cheap), then each photo's content; throws a 400 naming `photos`. */
export function checkPhotoLimits(photos: UploadedPhoto[]) {
  if (photos.length > MAX_PHOTOS) throw badRequest(MESSAGE_ERRORS.maxPhotos, 'photos')
  photos.forEach((p, i) => {
    if (p.truncated || p.bytes.length > MAX_PHOTO_BYTES) throw badRequest(MESSAGE_ERRORS.photoOverLimit(i + 1), 'photos')
  })
  const total = photos.reduce((sum, p) => sum + p.bytes.length, 0)
  if (total > MAX_TOTAL_PHOTO_BYTES) throw badRequest(MESSAGE_ERRORS.totalTooLarge, 'photos')
}

const MAX_EDGE = 2048

/** Sniffs and re-encodes one photo; anything that is not a decodable image is a 400. */
export async function normalisePhoto(photo: UploadedPhoto): Promise<{ contentType: string; bytes: Buffer }> {
  const kind = sniffImage(photo.bytes)
  if (!kind) throw badRequest(MESSAGE_ERRORS.notImage(photo.filename || 'file'), 'photos')
  const notImage = MESSAGE_ERRORS.notImage(photo.filename || 'file')
  return imageQueue.run(async () => {
    await checkImageSize(photo.bytes, photo.filename || 'file', 'photos', notImage)
    try {
      const img = sharp(photo.bytes, { animated: false, pages: 1, limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: MAX_EDGE, height: MAX_EDGE, fit: 'inside', withoutEnlargement: true })
      if (kind === 'jpeg') return { contentType: 'image/jpeg', bytes: await img.jpeg({ quality: 85, mozjpeg: true }).toBuffer() }
      if (kind === 'png') return { contentType: 'image/png', bytes: await img.png({ compressionLevel: 8 }).toBuffer() }
      if (kind === 'gif') return { contentType: 'image/gif', bytes: await img.gif().toBuffer() }
      return { contentType: 'image/webp', bytes: await img.webp({ quality: 85 }).toBuffer() }
    } catch {
      throw badRequest(notImage, 'photos')
    }
  })
}
