// Reads and writes of a renter's saved searches; every one is scoped to the signed-in user, so another
// user's id reads as not found.
import { and, count, desc, eq, getTableColumns, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import { savedSearches, type NewSavedSearchRow, type SavedSearchRow } from '../../../db/schema/saved-searches'
import { users } from '../../../db/schema/users'

/** A saved search with its count of listings matched since the renter last opened it. */
export type SavedSearchView = SavedSearchRow & { newMatches: number }

const newMatches = sql<number>`(select count(*)::int from saved_search_matches m
  where m.saved_search_id = ${savedSearches.id} and m.matched_at > coalesce(${savedSearches.seenAt}, '-infinity'::timestamptz))`.mapWith(Number)

export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearchView[]> {
  return db
    .select({ ...getTableColumns(savedSearches), newMatches })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
}

async function withNewMatches(db: Db, row: SavedSearchRow | undefined): Promise<SavedSearchView | undefined> {
  if (!row) return undefined
  const [found] = await db.select({ newMatches }).from(savedSearches).where(eq(savedSearches.id, row.id))
  return { ...row, newMatches: found?.newMatches ?? 0 }
}

/** Inserts unless the user already has `max`: the user's row is locked, so two racing saves cannot both pass. */
export async function insertSavedSearch(db: Db, values: NewSavedSearchRow & { userId: string }, max: number): Promise<SavedSearchView | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update')
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, values.userId))
    if (n >= max) return null
    const [row] = await tx.insert(savedSearches).values(values).returning()
    return { ...row!, newMatches: 0 }
  })
}

export async function updateSavedSearch(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<NewSavedSearchRow>,
  now: Date,
): Promise<SavedSearchView | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning()
  return withNewMatches(db, row)
}

export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id })
  return rows.length > 0
}

/** The renter opened the search: its count of new matches starts again. */
export async function markSavedSearchSeen(db: Db, userId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(savedSearches)
    .set({ seenAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id })
  return rows.length > 0
}

/** The one-tap unsubscribe (no sign-in; the caller checked the signed token): alerts off. */
export async function turnOffAlerts(db: Db, id: string, now: Date): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set({ alerts: false, updatedAt: sql`case when ${savedSearches.alerts} then ${now.toISOString()}::timestamptz else ${savedSearches.updatedAt} end` })
    .where(eq(savedSearches.id, id))
    .returning()
  return row
}
