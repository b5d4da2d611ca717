// The demo renter's one saved search, so the dashboard shows one: garages in Toronto under $200 a month, alerts on
// (saved now, so the listings already seeded never alert).
import type { Db } from '../db/client'
import { savedSearches } from '../db/schema/saved-searches'
import { defaultName, normalisedColumns, parseSavedQuery } from '../modules/listings/service/saved-search-criteria'
import type { DemoUsers } from './users'

export async function seedSavedSearches(db: Db, people: DemoUsers) {
  const { query, criteria } = parseSavedQuery('q=Toronto&type=garage&maxPrice=20000')
  await db.insert(savedSearches).values({ userId: people.renter.id, name: defaultName(criteria, null), query, alerts: true, ...normalisedColumns(criteria) })
}
