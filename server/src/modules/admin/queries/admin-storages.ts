// Admin reads of listings (any status, any host) and the lock an unpublish takes.
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { storages, type StorageRow } from '../../../db/schema/storages'
import { users } from '../../../db/schema/users'

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`)
const hostColumns = { id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }
export type AdminStorageRow = { storage: StorageRow; host: { id: string; firstName: string; lastName: string; email: string } }

export async function searchAllStorages(
  db: Db,
  opts: { q: string; status: string; page: number; limit: number },
): Promise<{ rows: AdminStorageRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = []
  const q = opts.q.trim()
  if (q) {
    const like = `%${escapeLike(q)}%`
    conditions.push(or(ilike(storages.title, like), ilike(storages.city, like), ilike(users.email, like), eq(storages.id, q)))
  }
  if (opts.status !== 'all') conditions.push(eq(storages.status, opts.status as StorageRow['status']))
  const where = and(...conditions)
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ storage: storages, host: hostColumns })
      .from(storages)
      .innerJoin(users, eq(users.id, storages.hostId))
      .where(where)
      .orderBy(desc(storages.updatedAt), desc(storages.id))
      .limit(opts.limit)
      .offset((opts.page - 1) * opts.limit),
    db.select({ n: count() }).from(storages).innerJoin(users, eq(users.id, storages.hostId)).where(where),
  ])
  return { rows, total: Number(totalRow?.n ?? 0) }
}

export async function findAnyStorage(db: Db, id: string, opts: { lock?: boolean } = {}): Promise<AdminStorageRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined
  const query = db
    .select({ storage: storages, host: hostColumns })
    .from(storages)
    .innerJoin(users, eq(users.id, storages.hostId))
    .where(eq(storages.id, id))
    .limit(1)
  const [row] = opts.lock ? await query.for('update', { of: storages }) : await query
  return row
}

/** Puts a moderation hold on a listing (unpublished, with the reason) or lifts it (reason null). */
export async function setStorageHold(db: Db, id: string, hold: { reason: string } | null) {
  await db
    .update(storages)
    .set({ heldByAdmin: hold !== null, holdReason: hold?.reason ?? null, ...(hold ? { status: 'paused' as const } : {}), updatedAt: sql`now()` })
    .where(eq(storages.id, id))
}
