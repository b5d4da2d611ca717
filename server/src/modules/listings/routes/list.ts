// GET /storages (spec 7): the body is the list itself; the total goes in X-Total-Count.
// GET /my/storages: the signed-in host's listings, every status but removed.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { estimateFit, fitOf } from '@contract/fit'
import { STORAGE_TOTAL_CAP, StorageSchema, StorageSearchQuerySchema } from '@contract/storage'
import { listHostStorages, searchStorages } from '../service/storages'
import { signedIn } from '../../../plugins/auth'
import { presentStorages, viewerOf } from '../service/present'
import { publishDueReviews } from '../../safety/service/listing-rating'

const listRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/storages',
    { config: { auth: 'optional' }, schema: { querystring: StorageSearchQuerySchema, response: { 200: z.array(StorageSchema) } } },
    async (request, reply) => {
      await publishDueReviews(app, { everyMs: 60_000 })
      // A search for dates is not cached: its answer moves with every booking that takes or frees a place (and
      // with time, as accepted stays' pay windows close), which no listing write announces.
      const run = () => searchStorages(app.database, request.query)
      const { hits, total, correctedQuery } = request.query.from ? await run() : await app.searchCache.get(JSON.stringify(request.query), run)
      reply
        .header('x-total-count', String(total))
        .header('x-total-count-exact', String(total <= STORAGE_TOTAL_CAP))
        .header('access-control-expose-headers', 'X-Total-Count, X-Total-Count-Exact, X-Search-Corrected')
      // "Showing results for toronto": the words the search actually used after correcting a typo.
      if (correctedQuery) reply.header('x-search-corrected', encodeURIComponent(correctedQuery))
      const storages = await presentStorages(app.db, hits, await viewerOf(request), { firstPhotoOnly: true })
      const { fit } = request.query
      if (!fit) return storages
      // Every hit fits (the search's condition is fitOf's rule); the badge says with how much to spare.
      const need = estimateFit(fit)
      return storages.map((storage) => ({ ...storage, fit: fitOf(storage, need) ?? undefined }))
    },
  )

  app.get('/my/storages', { config: { auth: 'user' }, schema: { response: { 200: z.array(StorageSchema) } } }, async (request, reply) => {
    const { user } = signedIn(request)
    const rows = await listHostStorages(app.db, user.id)
    reply.header('cache-control', 'private, no-store')
    const host = { id: user.id, firstName: user.firstName, lastName: user.lastName, createdAt: user.createdAt }
    return presentStorages(
      app.db,
      rows.map((storage) => ({ storage, host })),
      await viewerOf(request),
    )
  })
}
export default listRoutes
