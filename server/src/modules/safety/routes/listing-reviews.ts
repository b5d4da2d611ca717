// GET /storages/:id/reviews?cursor=: a public listing's published renter reviews, newest first, by page.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { REVIEW_PAGE_SIZE, ReviewPageQuerySchema, ReviewPageSchema } from '@contract/review'
import { findStorage } from '../../listings/service/storage-reads'
import { listingReviewPage, postedBefore, toReviewDto } from '../service/reviews'
import { publishDueReviews } from '../service/listing-rating'
import { toStorageDto } from '../../listings/service/storage-dto'
import { badRequest, notFound } from '../../../errors'

const Params = z.object({ id: z.string().max(64) })

function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined
  const [at, id] = cursor.split('|')
  const createdAt = new Date(at ?? '')
  if (!id || Number.isNaN(createdAt.getTime())) throw badRequest('is not a valid cursor', 'cursor')
  return { createdAt, id }
}

const listingReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/storages/:id/reviews',
    { config: { auth: 'public' }, schema: { params: Params, querystring: ReviewPageQuerySchema, response: { 200: ReviewPageSchema } } },
    async (request) => {
      const after = parseCursor(request.query.cursor)
      const now = new Date()
      await publishDueReviews(app)
      const found = await findStorage(app.db, request.params.id)
      if (!found || found.storage.status !== 'active') throw notFound('This storage listing does not exist or was removed.')
      const rows = await listingReviewPage(app.db, found.storage.id, { now, postedBefore: postedBefore(now), after, limit: REVIEW_PAGE_SIZE + 1 })
      const page = rows.slice(0, REVIEW_PAGE_SIZE)
      const last = page[page.length - 1]
      return {
        items: page.map((r) => toReviewDto(r, now)),
        nextCursor: rows.length > REVIEW_PAGE_SIZE && last ? `${last.createdAt.toISOString()}|${last.id}` : null,
        rating: toStorageDto(found.storage, found.host, [], { exact: false }).rating ?? null,
      }
    },
  )
}
export default listingReviewRoutes
