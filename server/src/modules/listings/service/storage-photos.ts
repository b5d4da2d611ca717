// A listing's photos: added all together or not at all, removed one by one; either way the listing's
// derived columns (its recommendation score) follow. Serving checks who may see them (storage-photo-access.ts).
import type { StoragePhoto } from '@contract/storage'
import { searchChanged } from '../../../db/change-feed'
import type { Db } from '../../../db/client'
import type { StorageRow } from '../../../db/schema/storages'
import { notFound } from '../../../errors'
import type { ProcessedPhoto } from '../../../lib/photo-processing'
import { findActiveSessionById } from '../../accounts/service/sessions'
import type { Viewer } from '../../bookings/service/contact-access'
import { deletePhoto, insertPhoto, photoBytes } from '../queries/storage-photos'
import { keyMatches, keySessionId, photoKey } from './storage-photo-access'
import { photoUrl } from './storage-dto'
import { listingToChange } from './storage-reads'
import { refreshDerived } from './storages'

/** The listing whose photos `changer` wants to change: theirs (or any, for an admin). */
export async function storageForPhotoChange(db: Db, storageId: string, changer: { userId: string; isAdmin: boolean }): Promise<StorageRow> {
  return (await listingToChange(db, storageId, changer, 'Only the host of this listing can change its photos.')).storage
}

/**
 * Uploaded photos, checked, added to the listing (all or none) and shown in search; answered with their
 * URLs, which carry the host's photo key while the listing is not public (its photos are the host's only).
 */
export async function uploadStoragePhotos(db: Db, storage: StorageRow, photos: ProcessedPhoto[], viewer: Viewer | null): Promise<StoragePhoto[]> {
  // Everything was checked before anything is written: a bad file leaves no row behind.
  const rows = await addStoragePhotos(db, storage.id, photos)
  await searchChanged(db) // the first photo and the score show in search
  const session = storage.status !== 'active' && viewer?.userId === storage.hostId ? viewer.photoSession : undefined
  return rows.map((r) => {
    const key = session && photoKey(r.id, session)
    return { id: r.id, url: photoUrl(r.id, 'full', key), thumbUrl: photoUrl(r.id, 'thumb', key), width: r.width, height: r.height }
  })
}

/** Removes one photo of the listing, and from search. */
export async function deleteStoragePhoto(db: Db, storage: StorageRow, photoId: string) {
  if (!(await removeStoragePhoto(db, storage.id, photoId))) throw notFound('This photo does not exist.')
  await searchChanged(db)
}

/**
 * A photo's bytes for whoever asks: anyone while its listing is public, otherwise only its host (signed in,
 * or by the photo key of a live session of theirs) or an admin; to anyone else it does not exist.
 */
export async function servedStoragePhoto(
  db: Db,
  photoId: string,
  size: 'full' | 'thumb',
  asker: { auth: () => Promise<{ userId: string; isAdmin: boolean } | null>; key: string | undefined },
) {
  const found = await photoBytes(db, photoId, size)
  const isPublic = found?.status === 'active'
  // The session is read only for a photo that is not public.
  const isHost = async (hostId: string) => {
    const auth = await asker.auth()
    return auth ? auth.userId === hostId || auth.isAdmin : hostKeyOpens(db, asker.key, photoId, hostId)
  }
  if (!found || (!isPublic && !(await isHost(found.hostId)))) throw notFound('This photo does not exist.')
  return { ...found, isPublic }
}

/** Adds checked photos to the listing in one transaction (a failure leaves none), then refreshes its score. */
export async function addStoragePhotos(db: Db, storageId: string, photos: ProcessedPhoto[]) {
  const rows = await db.transaction(async (tx) => {
    const out = []
    for (const p of photos) out.push(await insertPhoto(tx, { storageId, ...p }))
    return out
  })
  await refreshDerived(db, storageId)
  return rows
}

/** Removes one photo of the listing; false when the listing has no such photo. */
export async function removeStoragePhoto(db: Db, storageId: string, photoId: string): Promise<boolean> {
  if (!(await deletePhoto(db, storageId, photoId))) return false
  await refreshDerived(db, storageId)
  return true
}

/** Whether a photo key (`pk`) comes from a live session of the host's. */
export async function hostKeyOpens(db: Db, key: string | undefined, photoId: string, hostId: string): Promise<boolean> {
  const sessionId = keySessionId(key)
  if (!key || !sessionId) return false
  const session = await findActiveSessionById(db, sessionId)
  return Boolean(session && session.userId === hostId && keyMatches(key, photoId, session.tokenHash))
}
