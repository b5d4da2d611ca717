// Listing views: one counter row per listing, bumped by an upsert (no read, no lock on the listing).
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { storageViews } from '../../../db/schema/storage-views'

export async function countStorageView(db: Db, storageId: string) {
  await db
    .insert(storageViews)
    .values({ storageId, views: 1 })
    .onConflictDoUpdate({ target: storageViews.storageId, set: { views: sql`${storageViews.views} + 1` } })
}

export async function storageViewCounts(db: Db, storageIds: string[]): Promise<Map<string, number>> {
  if (storageIds.length === 0) return new Map()
  const rows = await db.select().from(storageViews).where(inArray(storageViews.storageId, storageIds))
  return new Map(rows.map((r) => [r.storageId, r.views]))
}
