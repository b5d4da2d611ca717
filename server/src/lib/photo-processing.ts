// Listing photos: the content decides (JPEG, PNG or WebP magic bytes, then sharp must decode it), and
// every photo is re-encoded to WebP at two sizes so nothing a browser can't show is ever served.
// Only the first frame of an animated image is read, its size is capped, and images take turns in
// the image queue (image-queue.ts).
import sharp, { type Metadata } from 'sharp'
import { badRequest } from '../errors'
import { imageQueue } from './image-queue'

/** At most this many pixels in a frame (about 8000×6000, a large phone camera's photo). */
export const MAX_INPUT_PIXELS = 50_000_000

/**
 * Reads only the header: a 400 naming `field` when the image cannot be read or its (first) frame
 * has more than MAX_INPUT_PIXELS pixels, before anything decodes it.
 */
export async function checkImageSize(bytes: Buffer, filename: string, field: string, unreadable: string) {
  let meta: Metadata
  try {
    meta = await sharp(bytes, { pages: 1 }).metadata()
  } catch {
    throw badRequest(unreadable, field)
  }
  const width = meta.width ?? 0
  const height = meta.pageHeight ?? meta.height ?? 0
  if (width * height > MAX_INPUT_PIXELS) {
    throw badRequest(`${filename} is too large: ${width}×${height} pixels; at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`, field)
  }
}

export const FULL_MAX_PX = 1600
export const THUMB_MAX_PX = 480

export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png'
  if (bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WEBP') return 'webp'
  return null
}

export interface ProcessedPhoto {
  contentType: 'image/webp'
  width: number
  height: number
  full: Buffer
  thumb: Buffer
}

export async function processPhoto(bytes: Buffer, filename = 'photo'): Promise<ProcessedPhoto> {
  if (!sniffImageType(bytes)) throw badRequest(`${filename} is not a JPEG, PNG or WebP image.`, 'photo')
  return imageQueue.run(async () => {
    await checkImageSize(bytes, filename, 'photo', `${filename} could not be read as an image.`)
    try {
      // rotate() applies the EXIF orientation before the metadata is dropped by re-encoding.
      const base = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1, animated: false }).rotate()
      const full = await base
        .clone()
        .resize({ width: FULL_MAX_PX, height: FULL_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true })
      const thumb = await base
        .clone()
        .resize({ width: THUMB_MAX_PX, height: THUMB_MAX_PX, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 72 })
        .toBuffer()
      return { contentType: 'image/webp' as const, width: full.info.width, height: full.info.height, full: full.data, thumb }
    } catch {
      throw badRequest(`${filename} could not be read as an image.`, 'photo')
    }
  })
}
