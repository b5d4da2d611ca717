// Reads and writes of a user's saved listings; saving and unsaving are idempotent.
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { savedStorages } from '../../../db/schema/saved-storages'
import { storages, type StorageRow } from '../../../db/schema/storages'
import { users } from '../../../db/schema/users'
import type { HostSummary } from './storages'

/** The user's saved listings that are still public, newest first. */
export async function listSavedStorages(db: Db, userId: string): Promise<{ savedAt: Date; storage: StorageRow; host: HostSummary }[]> {
  return db
    .select({
      savedAt: savedStorages.createdAt,
      storage: storages,
      host: { id: users.id, firstName: users.firstName, lastName: users.lastName, createdAt: users.createdAt },
    })
    .from(savedStorages)
    .innerJoin(storages, eq(storages.id, savedStorages.storageId))
    .innerJoin(users, eq(users.id, storages.hostId))
    .where(and(eq(savedStorages.userId, userId), eq(storages.status, 'active')))
    .orderBy(desc(savedStorages.createdAt))
    .limit(500)
}

export async function saveStorage(db: Db, userId: string, storageId: string) {
  await db.insert(savedStorages).values({ userId, storageId }).onConflictDoNothing()
}

export async function unsaveStorage(db: Db, userId: string, storageId: string) {
  await db.delete(savedStorages).where(and(eq(savedStorages.userId, userId), eq(savedStorages.storageId, storageId)))
}
