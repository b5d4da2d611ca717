// POST /bookings/:id/review (one side posts theirs) and GET /bookings/:id/reviews (the pair's view).
// Only the booking's two parties: 404 for an unknown booking, 403 for anyone else (admins read only).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BookingReviewsSchema, ReviewBodySchema, ReviewSchema } from '@contract/review'
import { reviewPublishedEmail } from '../service/review-emails'
import { findReview, isPublished, postReview, publishesAt, REVIEW_ERRORS, reviewRefusal, reviewsOfBooking, toReviewDto } from '../service/reviews'
import { publicBaseUrl } from '../../../lib/public-url'
import { searchChanged } from '../../../db/change-feed'
import { conflict, forbidden } from '../../../errors'
import { refuseContactDetails } from '../../../lib/public-text'
import { bookingForParty } from '../../bookings/service/shared'
import { idempotent } from '../../../lib/idempotent'

const Params = z.object({ id: z.string().max(64) })

const bookingReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/bookings/:id/review',
    { config: { auth: 'user' }, schema: { params: Params, body: ReviewBodySchema, response: { 201: ReviewSchema } } },
    async (request, reply) => {
      const { view, role, auth } = await bookingForParty(app, request, request.params.id)
      if (role === 'admin') throw forbidden('Only the renter and the host can review this booking.')
      return idempotent(app, request, reply, auth.user.id, async () => {
        refuseContactDetails({ text: request.body.text })
        const b = view.booking
        const existing = await reviewsOfBooking(app.db, b.id)
        if (existing.some((r) => r.authorRole === role)) throw conflict(REVIEW_ERRORS.twice)
        const now = new Date()
        const refusal = reviewRefusal(b, role, existing, now)
        if (refusal) throw conflict(refusal)
        const { review, published } = await postReview(app.db, b, role, request.body, now)
        if (published) {
          await searchChanged(app.db)
          // Both sides hear that the reviews are out; a failed email never fails the post.
          const url = `${publicBaseUrl(app.config, request)}/bookings`
          const pair = [
            { to: view.renter, other: view.host },
            { to: view.host, other: view.renter },
          ]
          for (const { to, other } of pair) {
            await app.mailer
              .send({
                to: to.email,
                template: 'review-published',
                ...reviewPublishedEmail({ firstName: to.firstName, otherName: other.firstName, title: view.storage.title, url }),
              })
              .catch((err: unknown) => request.log.error({ err }, 'review published email failed'))
          }
        }
        reply.status(201)
        return toReviewDto((await findReview(app.db, review.id))!, now)
      })
    },
  )

  app.get(
    '/bookings/:id/reviews',
    { config: { auth: 'user' }, schema: { params: Params, response: { 200: BookingReviewsSchema } } },
    async (request, reply) => {
      const { view, role } = await bookingForParty(app, request, request.params.id)
      if (role === 'admin') throw forbidden('Only the renter and the host can read these reviews here.')
      reply.header('cache-control', 'private, no-store')
      const now = new Date()
      const all = await reviewsOfBooking(app.db, view.booking.id)
      const mine = all.find((r) => r.authorRole === role)
      const theirs = all.find((r) => r.authorRole !== role)
      const refusal = reviewRefusal(view.booking, role, all, now)
      const other = role === 'renter' ? view.host : view.renter
      return {
        canReview: !mine && !refusal,
        reason: mine ? null : refusal,
        role,
        otherName: other.firstName,
        mine: mine ? toReviewDto(mine, now) : null,
        // The other side's review stays hidden until published, and an admin-hidden one is gone for them.
        theirs: theirs && isPublished(theirs, now) && !theirs.hiddenAt ? toReviewDto(theirs, now) : null,
        theirsPosted: Boolean(theirs),
        closesAt: !mine && theirs && !isPublished(theirs, now) ? publishesAt(theirs).toISOString() : null,
      }
    },
  )
}
export default bookingReviewRoutes
