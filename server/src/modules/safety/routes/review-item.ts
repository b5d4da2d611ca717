// PATCH /reviews/:id (the author, before it is published) and POST /reviews/:id/response (the listing's
// host answers a published renter review once, publicly).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ReviewEditBodySchema, ReviewIdParamsSchema, ReviewResponseBodySchema, ReviewSchema } from '@contract/review'
import { findReview, isPublished, postedBefore, REVIEW_ERRORS, setResponseOnce, toReviewDto, updateUnpublished } from '../service/reviews'
import { badRequest, conflict, forbidden, notFound } from '../../../errors'
import { refuseContactDetails } from '../../../lib/public-text'
import { signedIn } from '../../../plugins/auth'

const NOT_FOUND = 'This review does not exist.'

const reviewItemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.patch(
    '/reviews/:id',
    { config: { auth: 'user' }, schema: { params: ReviewIdParamsSchema, body: ReviewEditBodySchema, response: { 200: ReviewSchema } } },
    async (request) => {
      const { user } = signedIn(request)
      const found = await findReview(app.db, request.params.id)
      // Someone else's unpublished review does not exist for them.
      if (!found || (found.authorId !== user.id && !isPublished(found, new Date()))) throw notFound(NOT_FOUND)
      if (found.authorId !== user.id) throw forbidden(REVIEW_ERRORS.notAuthor)
      const { rating, text } = request.body
      if (rating === undefined && text === undefined) throw badRequest('Send a rating or a text to change.', 'text')
      refuseContactDetails({ text })
      const now = new Date()
      if (isPublished(found, now) || found.hiddenAt) throw conflict(REVIEW_ERRORS.published)
      // Conditional: the other side's review may publish this one at the same moment.
      const row = await updateUnpublished(app.db, found.id, postedBefore(now), { rating, body: text })
      if (!row) throw conflict(REVIEW_ERRORS.published)
      return toReviewDto({ ...found, ...row }, now)
    },
  )

  app.post(
    '/reviews/:id/response',
    { config: { auth: 'user' }, schema: { params: ReviewIdParamsSchema, body: ReviewResponseBodySchema, response: { 201: ReviewSchema } } },
    async (request, reply) => {
      const { user } = signedIn(request)
      const found = await findReview(app.db, request.params.id)
      const now = new Date()
      const visible = found && !found.hiddenAt && (isPublished(found, now) || found.authorId === user.id)
      if (!found || !visible) throw notFound(NOT_FOUND)
      if (found.authorRole !== 'renter' || found.subjectId !== user.id) throw forbidden(REVIEW_ERRORS.notHost)
      if (!isPublished(found, now)) throw conflict(REVIEW_ERRORS.answerUnpublished)
      refuseContactDetails({ text: request.body.text })
      const row = await setResponseOnce(app.db, found.id, request.body.text)
      if (!row) throw conflict(REVIEW_ERRORS.answered)
      reply.status(201)
      return toReviewDto({ ...found, ...row }, now)
    },
  )
}
export default reviewItemRoutes
