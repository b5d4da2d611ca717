// Reads and writes of a listing's blocked days, and its capacity as the availability rule reads it.
import { and, asc, eq, gte, lte } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { storageBlockedDates, type StorageBlockedDateRow } from '../../../db/schema/storage-blocked-dates'
import { storages } from '../../../db/schema/storages'

/** The listing's capacity, its row locked until the transaction ends (takings of its last place queue up here). */
export async function lockStorageCapacity(db: Db, storageId: string): Promise<number | undefined> {
  const [row] = await db.select({ capacity: storages.capacity }).from(storages).where(eq(storages.id, storageId)).for('update')
  return row?.capacity
}

/** Blocks that touch from..to (to null: every block from `from` on), earliest first. */
export function blocksOf(db: Db, storageId: string, from: string, to: string | null): Promise<StorageBlockedDateRow[]> {
  return db
    .select()
    .from(storageBlockedDates)
    .where(and(eq(storageBlockedDates.storageId, storageId), gte(storageBlockedDates.endDate, from), to ? lte(storageBlockedDates.startDate, to) : undefined))
    .orderBy(asc(storageBlockedDates.startDate))
    .limit(500)
}

export async function insertBlock(db: Db, values: { storageId: string; startDate: string; endDate: string; note: string }) {
  const [row] = await db.insert(storageBlockedDates).values(values).returning()
  return row!
}

/** Removes one of this listing's blocks; false when it has no such block. */
export async function deleteBlock(db: Db, storageId: string, blockId: string): Promise<boolean> {
  const rows = await db
    .delete(storageBlockedDates)
    .where(and(eq(storageBlockedDates.storageId, storageId), eq(storageBlockedDates.id, blockId)))
    .returning({ id: storageBlockedDates.id })
  return rows.length > 0
}
