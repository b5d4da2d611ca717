// Listing photos: metadata lists without the bytes, one photo's bytes for serving, insert and delete.
import { and, asc, eq, inArray, max } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { storagePhotos } from '../../../db/schema/storage-photos'
import { storages } from '../../../db/schema/storages'

const meta = {
  id: storagePhotos.id,
  storageId: storagePhotos.storageId,
  width: storagePhotos.width,
  height: storagePhotos.height,
  position: storagePhotos.position,
}
export type PhotoMeta = { id: string; storageId: string; width: number; height: number; position: number }

/** Photos of several listings in display order (no bytes). */
export async function photosOf(db: Db, storageIds: string[]): Promise<Map<string, PhotoMeta[]>> {
  const out = new Map<string, PhotoMeta[]>()
  if (storageIds.length === 0) return out
  const rows = await db
    .select(meta)
    .from(storagePhotos)
    .where(inArray(storagePhotos.storageId, storageIds))
    .orderBy(asc(storagePhotos.storageId), asc(storagePhotos.position), asc(storagePhotos.createdAt))
  for (const r of rows) out.set(r.storageId, [...(out.get(r.storageId) ?? []), r])
  return out
}

/** A photo's bytes with its listing's status and host (who may see it). */
export async function photoBytes(db: Db, id: string, size: 'full' | 'thumb') {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
  const column = size === 'thumb' ? storagePhotos.thumb : storagePhotos.full
  const [row] = await db
    .select({ bytes: column, contentType: storagePhotos.contentType, status: storages.status, hostId: storages.hostId })
    .from(storagePhotos)
    .innerJoin(storages, eq(storages.id, storagePhotos.storageId))
    .where(eq(storagePhotos.id, id))
    .limit(1)
  return row
}

export async function insertPhoto(db: Db, values: { storageId: string; contentType: string; width: number; height: number; full: Buffer; thumb: Buffer }) {
  const [last] = await db
    .select({ p: max(storagePhotos.position) })
    .from(storagePhotos)
    .where(eq(storagePhotos.storageId, values.storageId))
  const [row] = await db
    .insert(storagePhotos)
    .values({ ...values, position: (last?.p ?? -1) + 1 })
    .returning(meta)
  return row!
}

export async function deletePhoto(db: Db, storageId: string, photoId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(photoId)) return false
  const rows = await db
    .delete(storagePhotos)
    .where(and(eq(storagePhotos.id, photoId), eq(storagePhotos.storageId, storageId)))
    .returning({ id: storagePhotos.id })
  return rows.length > 0
}
