// The search cache on the app (app.searchCache). Nothing here decides when it is stale: every write that
// changes what a search returns calls searchChanged(app.db) (db/change-feed.ts) once it has committed,
// which clears it on this instance and, through NOTIFY, on the others (plugins/change-sync.ts).
import fp from 'fastify-plugin'
import type { SearchResult } from '../modules/listings/queries/storage-search'
import { SearchCache } from '../db/search-cache'

declare module 'fastify' {
  interface FastifyInstance {
    searchCache: SearchCache<SearchResult>
  }
}

export default fp(
  async (app) => {
    app.decorate('searchCache', new SearchCache<SearchResult>(app.config.searchCacheSeconds * 1000))
  },
  { name: 'search-cache' },
)
