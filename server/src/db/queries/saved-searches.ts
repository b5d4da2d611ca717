// Reads and writes of a renter's saved searches; every one is scoped to the signed-in user, so another
// user's id reads as not found.
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../client'
import { savedSearches, type NewSavedSearchRow, type SavedSearchRow } from '../schema/saved-searches'
import { users } from '../schema/users'

export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearchRow[]> {
  return db.select().from(savedSearches).where(eq(savedSearches.userId, userId)).orderBy(desc(savedSearches.createdAt), desc(savedSearches.id))
}

/** Inserts unless the user already has `max`: the user's row is locked, so two racing saves cannot both pass. */
export async function insertSavedSearch(db: Db, values: NewSavedSearchRow & { userId: string }, max: number): Promise<SavedSearchRow | null> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update')
    const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, values.userId))
    if (n >= max) return null
    const [row] = await tx.insert(savedSearches).values(values).returning()
    return row!
  })
}

export async function updateSavedSearch(
  db: Db,
  userId: string,
  id: string,
  changes: Partial<NewSavedSearchRow>,
  now: Date,
): Promise<SavedSearchRow | undefined> {
  const [row] = await db
    .update(savedSearches)
    .set({ ...changes, updatedAt: now })
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning()
  return row
}

export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id })
  return rows.length > 0
}

/** The renter opened the search: its count of new matches starts again. */
export async function markSavedSearchSeen(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(savedSearches)
    .set({ newMatches: 0 })
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
