// Admin: hide a review with a reason (audited in the same transaction); it stops showing and counting at
// once, and its author is told by email.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ReviewHideBodySchema, ReviewIdParamsSchema, ReviewSchema } from '@contract/review'
import { searchChanged } from '../../../db/change-feed'
import { findStorage } from '../../listings/service/storage-reads'
import { findUserById } from '../../accounts/service/users'
import { reviewHiddenEmail } from '../../safety/service/review-emails'
import { toReviewDto } from '../../safety/service/reviews'
import { signedIn } from '../../../plugins/auth'
import { hideReview } from '../service/reviews'

const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/reviews/:id/hide',
    { config: { auth: 'admin' }, schema: { params: ReviewIdParamsSchema, body: ReviewHideBodySchema, response: { 200: ReviewSchema } } },
    async (request) => {
      const admin = signedIn(request)
      const { reason } = request.body
      const now = new Date()
      const hidden = await hideReview(app.db, admin, request.params.id, reason, now)
      await searchChanged(app.db)
      // The author hears why; the change stands even if the email fails.
      try {
        const author = await findUserById(app.db, hidden.authorId)
        const listing = await findStorage(app.db, hidden.storageId)
        if (author)
          await app.mailer.send({
            to: author.email,
            template: 'review-hidden',
            ...reviewHiddenEmail({ firstName: author.firstName, title: listing?.storage.title ?? '', reason }),
          })
      } catch (err) {
        request.log.error({ err }, 'review hidden email failed')
      }
      return toReviewDto(hidden, now)
    },
  )
}
export default adminReviewRoutes
