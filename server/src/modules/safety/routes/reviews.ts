// Reviews after a stay: a side posts and edits theirs, the host answers, and the public reads a listing's.
import type { FastifyPluginAsync } from 'fastify'
import bookingReviewRoutes from './booking-reviews'
import listingReviewRoutes from './listing-reviews'
import reviewItemRoutes from './review-item'

const reviewsFeature: FastifyPluginAsync = async (app) => {
  await app.register(bookingReviewRoutes)
  await app.register(reviewItemRoutes)
  await app.register(listingReviewRoutes)
}

export default reviewsFeature
