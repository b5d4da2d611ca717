// A renter's saved searches: each is the user's own (another user's reads as missing), at most
// SAVED_SEARCH_MAX of them, and the alert's unsubscribe link turns alerts off without signing in.
import type { z } from 'zod'
import { SAVED_SEARCH_MAX, type CreateSavedSearchBodySchema, type SavedSearch, type UpdateSavedSearchBodySchema } from '@contract/saved-search'
import type { Db } from '../../../db/client'
import type { NewSavedSearchRow } from '../../../db/schema/saved-searches'
import { conflict, notFound } from '../../../errors'
import { insertSavedSearch, updateSavedSearch, type SavedSearchView } from '../queries/saved-searches'
import { defaultName, normalisedColumns, parseSavedQuery, summarise } from './saved-search-criteria'

export { deleteSavedSearch, listSavedSearches, markSavedSearchSeen, turnOffAlerts } from '../queries/saved-searches'
export type { SavedSearchView } from '../queries/saved-searches'

export const SAVED_SEARCH_NOT_FOUND = 'This saved search does not exist.'

/** A saved search as its owner sees it: the query, and a summary of it in words. */
export function presentSavedSearch(row: SavedSearchView): SavedSearch {
  const { criteria } = parseSavedQuery(row.query)
  return {
    id: row.id,
    name: row.name,
    query: row.query,
    placeLabel: row.placeLabel,
    summary: summarise(criteria, row.placeLabel),
    alerts: row.alerts,
    newMatches: row.newMatches,
    lastAlertAt: row.lastAlertAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** Saves a search (named after its criteria unless named), refused past SAVED_SEARCH_MAX. */
export async function createSavedSearch(db: Db, userId: string, body: z.infer<typeof CreateSavedSearchBodySchema>, now: Date): Promise<SavedSearch> {
  const { query, criteria } = parseSavedQuery(body.query)
  const placeLabel = body.placeLabel || null
  const row = await insertSavedSearch(
    db,
    {
      userId,
      name: body.name ?? defaultName(criteria, placeLabel),
      query,
      placeLabel,
      alerts: body.alerts,
      createdAt: now,
      updatedAt: now,
      ...normalisedColumns(criteria),
    },
    SAVED_SEARCH_MAX,
  )
  if (!row) throw conflict(`You can keep up to ${SAVED_SEARCH_MAX} saved searches. Delete one to save this search.`)
  return presentSavedSearch(row)
}

/** Renames, re-queries or switches alerts of the user's own saved search. */
export async function changeSavedSearch(
  db: Db,
  userId: string,
  id: string,
  body: z.infer<typeof UpdateSavedSearchBodySchema>,
  now: Date,
): Promise<SavedSearch> {
  const changes: Partial<NewSavedSearchRow> = {}
  if (body.query !== undefined) {
    const parsed = parseSavedQuery(body.query)
    Object.assign(changes, { query: parsed.query, ...normalisedColumns(parsed.criteria) })
  }
  if (body.name !== undefined) changes.name = body.name
  if (body.placeLabel !== undefined) changes.placeLabel = body.placeLabel || null
  if (body.alerts !== undefined) changes.alerts = body.alerts
  const row = await updateSavedSearch(db, userId, id, changes, now)
  if (!row) throw notFound(SAVED_SEARCH_NOT_FOUND)
  return presentSavedSearch(row)
}
