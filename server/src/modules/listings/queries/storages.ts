// Reads and writes of single listings and a host's own list. The derived columns are computed by
// modules/listings/service/storages.ts (insertStorage, updateStorage), which writes through these.
import { and, count, desc, eq, ne } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { storagePhotos } from '../../../db/schema/storage-photos'
import { storages, type NewStorageRow, type StorageRow } from '../../../db/schema/storages'
import { users, type UserRow } from '../../../db/schema/users'

const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id)

export type HostSummary = Pick<UserRow, 'id' | 'firstName' | 'lastName' | 'createdAt'>
const hostColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, createdAt: users.createdAt }

/** A listing with its host, unless it is unknown or removed. */
export async function findStorage(db: Db, id: string): Promise<{ storage: StorageRow; host: HostSummary } | undefined> {
  if (!isUuid(id)) return undefined
  const [row] = await db
    .select({ storage: storages, host: hostColumns })
    .from(storages)
    .innerJoin(users, eq(users.id, storages.hostId))
    .where(and(eq(storages.id, id), ne(storages.status, 'removed')))
    .limit(1)
  return row
}

export async function photoCount(db: Db, storageId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(storagePhotos).where(eq(storagePhotos.storageId, storageId))
  return Number(row?.n ?? 0)
}

/** The listing's row whatever its status (removed included). */
export async function findStorageRow(db: Db, id: string): Promise<StorageRow | undefined> {
  const [row] = await db.select().from(storages).where(eq(storages.id, id)).limit(1)
  return row
}

export async function insertStorageRow(db: Db, values: NewStorageRow): Promise<StorageRow> {
  const [row] = await db.insert(storages).values(values).returning()
  return row!
}

export async function updateStorageRow(db: Db, id: string, set: Partial<NewStorageRow>): Promise<StorageRow> {
  const [row] = await db
    .update(storages)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(storages.id, id))
    .returning()
  return row!
}

export async function markRemoved(db: Db, id: string) {
  await db.update(storages).set({ status: 'removed', updatedAt: new Date() }).where(eq(storages.id, id))
}

/** Takes a deactivated host's published listings out of search; returns how many. */
export async function pauseForHost(db: Db, hostId: string): Promise<number> {
  const rows = await db
    .update(storages)
    .set({ status: 'paused', pausedForHost: true, updatedAt: new Date() })
    .where(and(eq(storages.hostId, hostId), eq(storages.status, 'active')))
    .returning({ id: storages.id })
  return rows.length
}

/** Publishes again what pauseForHost took out (and nothing the host or an admin paused); returns their ids. */
export async function resumeForHost(db: Db, hostId: string): Promise<string[]> {
  const rows = await db
    .update(storages)
    .set({ status: 'active', pausedForHost: false, updatedAt: new Date() })
    .where(and(eq(storages.hostId, hostId), eq(storages.pausedForHost, true), eq(storages.status, 'paused'), eq(storages.heldByAdmin, false)))
    .returning({ id: storages.id })
  return rows.map((r) => r.id)
}

export async function listHostStorages(db: Db, hostId: string): Promise<StorageRow[]> {
  return db
    .select()
    .from(storages)
    .where(and(eq(storages.hostId, hostId), ne(storages.status, 'removed')))
    .orderBy(desc(storages.updatedAt))
    .limit(200)
}
