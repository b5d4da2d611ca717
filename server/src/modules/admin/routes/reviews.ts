// Admin: hide a review with a reason (audited in the same transaction); it stops showing and counting at
// once, and its author is told by email.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ReviewHideBodySchema, ReviewIdParamsSchema, ReviewSchema } from '@contract/review'
import { searchChanged } from '../../../db/change-feed'
import { findReview, refreshStorageRatings, setHidden } from '../../safety/queries/reviews'
import { findStorage } from '../../listings/queries/storages'
import { findUserById } from '../../accounts/queries/users'
import { reviewHiddenEmail } from '../../safety/service/review-emails'
import { postedBefore, toReviewDto } from '../../safety/service/reviews'
import { conflict, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { recordAudit } from './audit'

const adminReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/reviews/:id/hide',
    { config: { auth: 'admin' }, schema: { params: ReviewIdParamsSchema, body: ReviewHideBodySchema, response: { 200: ReviewSchema } } },
    async (request) => {
      const admin = signedIn(request)
      const { reason } = request.body
      const now = new Date()
      const hidden = await app.db.transaction(async (tx) => {
        const found = await findReview(tx, request.params.id)
        if (!found) throw notFound('This review does not exist.')
        const row = await setHidden(tx, found.id, reason)
        if (!row) throw conflict('This review is already hidden.')
        if (row.authorRole === 'renter') await refreshStorageRatings(tx, [row.storageId], now, postedBefore(now))
        await recordAudit(tx, admin, {
          action: 'review.hide',
          targetType: 'review',
          targetId: row.id,
          before: { hidden: false, rating: found.rating, text: found.body },
          after: { hidden: true },
          reason,
        })
        return { ...found, ...row }
      })
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
