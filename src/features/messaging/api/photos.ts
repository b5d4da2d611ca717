// GET /messages/photos/{photoId}: the image needs the bearer token, so it is fetched as a Blob and shown
// through an object URL; each photo is fetched once per session (photos never change).
import { api, request } from '../../../lib/api-client'
import { onSessionEnd } from '../../../lib/session-cleanup'

const urls = new Map<string, Promise<string>>()

export function photoUrl(photoId: string): Promise<string> {
  let pending = urls.get(photoId)
  if (!pending) {
    pending = request(
      () => api.get(`messages/photos/${encodeURIComponent(photoId)}`, { headers: { Accept: 'image/*' } }).blob(),
      (b) => b as Blob,
    ).then((blob) => URL.createObjectURL(blob))
    pending.catch(() => urls.delete(photoId))
    urls.set(photoId, pending)
  }
  return pending
}

onSessionEnd(async () => {
  const all = [...urls.values()]
  urls.clear()
  for (const p of all) p.then(URL.revokeObjectURL, () => {})
})
