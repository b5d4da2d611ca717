// How many times each listing's page was opened by someone other than its host (the host dashboard's
// "views"). A table of its own, so counting a view never rewrites the listing row the search indexes carry.
import { integer, pgTable, text } from 'drizzle-orm/pg-core'
import { storages } from './storages'

export const storageViews = pgTable('storage_views', {
  storageId: text('storage_id')
    .primaryKey()
    .references(() => storages.id, { onDelete: 'cascade' }),
  views: integer('views').notNull().default(0),
})
