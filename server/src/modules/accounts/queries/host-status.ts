// Whether a user is a host: a user becomes one by listing a storage (any listing not removed).
import { and, eq, ne } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { storages } from '../../../db/schema/storages'

export async function userIsHost(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: storages.id })
    .from(storages)
    .where(and(eq(storages.hostId, userId), ne(storages.status, 'removed')))
    .limit(1)
  return rows.length > 0
}
