// A listing's photos: added all together or not at all, removed one by one; either way the listing's
// derived columns (its recommendation score) follow. Serving checks who may see them (storage-photo-access.ts).
import type { Db } from '../../../db/client'
import type { ProcessedPhoto } from '../../../lib/photo-processing'
import { findActiveSessionById } from '../../accounts/service/sessions'
import { deletePhoto, insertPhoto } from '../queries/storage-photos'
import { keyMatches, keySessionId } from './storage-photo-access'
import { refreshDerived } from './storages'

export { photoBytes } from '../queries/storage-photos'

/** Adds checked photos to the listing in one transaction (a failure leaves none), then refreshes its score. */
export async function addStoragePhotos(db: Db, storageId: string, photos: ProcessedPhoto[]) {
  const rows = await db.transaction(async (tx) => {
    const out = []
    for (const p of photos) out.push(await insertPhoto(tx as never, { storageId, ...p }))
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
