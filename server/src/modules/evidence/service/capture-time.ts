// A photo's own capture time: EXIF DateTimeOriginal (with OffsetTimeOriginal when the camera wrote one),
// read from the raw EXIF block sharp's metadata() returns (a time without an offset is read in the uploading
// device's, when it sent one). A small TIFF walk, no dependency; anything
// missing or malformed gives null (the server's receive time still stands).
import sharp from 'sharp'

const EXIF_IFD_POINTER = 0x8769
const DATE_TIME_ORIGINAL = 0x9003
const OFFSET_TIME_ORIGINAL = 0x9011

/** The ASCII values of the wanted tags in one IFD, and the Exif IFD pointer. */
function readIfd(tiff: Buffer, offset: number, le: boolean, wanted: Set<number>) {
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o))
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o))
  const found = new Map<number, string | number>()
  if (offset + 2 > tiff.length) return found
  const entries = u16(offset)
  for (let i = 0; i < entries; i++) {
    const e = offset + 2 + i * 12
    if (e + 12 > tiff.length) break
    const tag = u16(e)
    if (!wanted.has(tag)) continue
    const type = u16(e + 2)
    const n = u32(e + 4)
    if (type === 4 || type === 13) found.set(tag, u32(e + 8))
    else if (type === 2) {
      const at = n <= 4 ? e + 8 : u32(e + 8)
      if (at + n <= tiff.length) found.set(tag, tiff.toString('latin1', at, at + n).replace(/\0+$/, ''))
    }
  }
  return found
}

/** Parses EXIF's "YYYY:MM:DD HH:MM:SS" (and an optional "+HH:MM" offset); without an offset, read as UTC. */
export function parseExifDate(value: string, offset?: string): Date | null {
  const m = /^(\d{4}):(\d{2}):(\d{2})[ T](\d{2}):(\d{2}):(\d{2})/.exec(value.trim())
  if (!m) return null
  const zone = offset && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? offset.trim() : 'Z'
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${zone}`)
  if (Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1990) return null
  return d
}

/**
 * The capture time in an EXIF block. A camera that wrote no OffsetTimeOriginal wrote its local time: it is
 * read in `fallbackOffset` (the uploading device's, sent with the photo) when given, else as UTC.
 */
export function readCaptureTime(exif: Buffer | undefined, fallbackOffset?: string): Date | null {
  if (!exif || exif.length < 14) return null
  try {
    const tiff = exif.toString('latin1', 0, 4) === 'Exif' ? exif.subarray(6) : exif
    const order = tiff.toString('latin1', 0, 2)
    if (order !== 'II' && order !== 'MM') return null
    const le = order === 'II'
    const ifd0 = le ? tiff.readUInt32LE(4) : tiff.readUInt32BE(4)
    const pointer = readIfd(tiff, ifd0, le, new Set([EXIF_IFD_POINTER])).get(EXIF_IFD_POINTER)
    if (typeof pointer !== 'number') return null
    const tags = readIfd(tiff, pointer, le, new Set([DATE_TIME_ORIGINAL, OFFSET_TIME_ORIGINAL]))
    const value = tags.get(DATE_TIME_ORIGINAL)
    const offset = tags.get(OFFSET_TIME_ORIGINAL)
    return typeof value === 'string'
      ? parseExifDate(value, typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset.trim()) ? offset : fallbackOffset)
      : null
  } catch {
    return null
  }
}

/** The capture time of an uploaded image (read before re-encoding drops the metadata). */
export async function captureTimeOf(bytes: Buffer, fallbackOffset?: string): Promise<Date | null> {
  try {
    return readCaptureTime((await sharp(bytes, { pages: 1 }).metadata()).exif, fallbackOffset)
  } catch {
    return null
  }
}
