// The search cache on the app (app.searchCache), cleared by every successful write that can change a
// search answer: listings and their photos, and profiles (a host's name shows on their listings), on
// this instance and on the others (db/change-feed.ts).
import fp from 'fastify-plugin'
import type { SearchResult } from '../db/queries/storage-search'
import { searchChanged } from '../db/change-feed'
import { SearchCache } from '../db/search-cache'

declare module 'fastify' {
  interface FastifyInstance {
    searchCache: SearchCache<SearchResult>
  }
}

const WRITES_THAT_CHANGE_SEARCH = ['/api/storages', '/api/user-profile']

export default fp(
  async (app) => {
    app.decorate('searchCache', new SearchCache<SearchResult>(app.config.searchCacheSeconds * 1000))
    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400 && WRITES_THAT_CHANGE_SEARCH.some((p) => request.url.startsWith(p))) {
        // Here and, through NOTIFY, on every other instance.
        await searchChanged(app.db)
      }
      return payload
    })
  },
  { name: 'search-cache' },
)
