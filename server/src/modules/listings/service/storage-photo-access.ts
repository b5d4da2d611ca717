// Who may load a listing photo. A photo of a public (active) listing is public; a photo of a draft,
// paused or removed listing is for its host only. An <img> cannot send the bearer token, so the host's
// own listing answers carry photo URLs with a key: the session's id and an HMAC of the photo id keyed
// by that session's token hash (a secret only the database holds). The key works on every instance,
// and stops working when the session ends (logout, expiry, password change).
import { createHmac, timingSafeEqual } from 'node:crypto'

/** How long a public listing's photo may be reused without asking: a removed listing's photos leave caches within a day. */
export const PUBLIC_PHOTO_CACHE = 'public, max-age=86400'
/** A non-public listing's photo: the host's browser keeps it only to revalidate. */
export const PRIVATE_PHOTO_CACHE = 'private, no-cache'

export interface PhotoSession {
  sessionId: string
  tokenHash: string
}

const mac = (photoId: string, tokenHash: string) => createHmac('sha256', tokenHash).update(`storage-photo:${photoId}`).digest('base64url').slice(0, 32)

/** The `pk` query value that lets this session's browser load the photo in an <img>. */
export const photoKey = (photoId: string, session: PhotoSession) => `${session.sessionId}.${mac(photoId, session.tokenHash)}`

/** The session id a key names, if it is well formed. */
export function keySessionId(key: string | undefined): string | undefined {
  const match = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{32})$/i.exec(key ?? '')
  return match?.[1]
}

export function keyMatches(key: string, photoId: string, tokenHash: string): boolean {
  const given = Buffer.from(key.split('.')[1] ?? '')
  const expected = Buffer.from(mac(photoId, tokenHash))
  return given.length === expected.length && timingSafeEqual(given, expected)
}
