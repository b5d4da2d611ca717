// Photo picking rules and their exact messages (spec 5): at most 5 at once and overall, images only,
// 5MB each, 10MB in all; and the check again at send time.
import { MAX_PHOTO_BYTES, MAX_PHOTOS, MAX_TOTAL_PHOTO_BYTES, MESSAGE_ERRORS } from '@contract/messaging'

export interface PickedFile {
  name: string
  type: string
  size: number
}

/** Adds picked files to the current selection; returns the new selection and any messages to show. */
export function pickPhotos<F extends PickedFile>(current: readonly F[], picked: readonly F[]): { photos: F[]; errors: string[] } {
  if (picked.length > MAX_PHOTOS) return { photos: [...current], errors: [MESSAGE_ERRORS.tooManyAtOnce] }
  const errors: string[] = []
  const accepted: F[] = []
  for (const file of picked) {
    if (!file.type.startsWith('image/')) errors.push(MESSAGE_ERRORS.notImage(file.name))
    else if (file.size > MAX_PHOTO_BYTES) errors.push(MESSAGE_ERRORS.photoTooLarge(file.name))
    else accepted.push(file)
  }
  let next = [...current, ...accepted]
  if (next.length > MAX_PHOTOS) {
    errors.push(MESSAGE_ERRORS.maxPhotos)
    next = next.slice(0, MAX_PHOTOS)
  }
  if (next.reduce((sum, f) => sum + f.size, 0) > MAX_TOTAL_PHOTO_BYTES) return { photos: [...current], errors: [...errors, MESSAGE_ERRORS.totalTooLarge] }
  return { photos: next, errors }
}

/** The last check before sending: 'Photo {n} exceeds 5MB limit' for the first photo over the limit. */
export function photoErrorAtSend(photos: readonly PickedFile[]): string | null {
  const index = photos.findIndex((p) => p.size > MAX_PHOTO_BYTES)
  return index === -1 ? null : MESSAGE_ERRORS.photoOverLimit(index + 1)
}

export const photoPlaceholder = (count: number) => `${count} photo${count === 1 ? '' : 's'} attached`
