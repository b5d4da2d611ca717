// Listing photos: the content decides (JPEG, PNG or WebP magic bytes, then sharp must decode it), and
// every photo is re-encoded to WebP at two sizes so nothing a browser can't show is ever served.
import sharp from 'sharp'
import { badRequest } from '../errors'

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
  try {
    // rotate() applies the EXIF orientation before the metadata is dropped by re-encoding.
    const base = sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' }).rotate()
    const full = await base
      .clone()
      .resize({ width: FULL_MAX_PX, height: FULL_MAX_PX, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer({ resolveWithObject: true })
    const thumb = await base.clone().resize({ width: THUMB_MAX_PX, height: THUMB_MAX_PX, fit: 'inside', withoutEnlargement: true }).webp({ quality: 72 }).toBuffer()
    return { contentType: 'image/webp', width: full.info.width, height: full.info.height, full: full.data, thumb }
  } catch {
    throw badRequest(`${filename} could not be read as an image.`, 'photo')
  }
}
