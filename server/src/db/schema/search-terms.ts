// The words renters can search for: every word (3+ characters, with a letter) of an active listing's
// search text: cities, provinces, postal districts and title words. Kept by triggers on storages (see
// migration 0004). A misspelt search word is corrected to its nearest term through the trigram index
// on this small table, then searched exactly, instead of a fuzzy match over every listing.
import { sql } from 'drizzle-orm'
import { index, pgTable, text } from 'drizzle-orm/pg-core'

export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', sql`${t.term} gin_trgm_ops`),
])
