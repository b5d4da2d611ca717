// Reviews after a stay (issue 24): what a side writes, what the screens read, and the publication rule both
// tiers state the same way. A review is hidden from the other side and the public until both sides have
// posted, or REVIEW_PUBLISH_DAYS after it was posted; then it is published and can no longer be edited.
import { z } from './zod'
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from './review-constants'

export { REVIEW_PAGE_SIZE, REVIEW_PUBLISH_DAYS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, ratingLabel } from './review-constants'

const rating = z
  .number({ message: 'must be a number from 1 to 5' })
  .int('must be a whole number of stars')
  .min(1, 'must be at least 1')
  .max(5, 'must be at most 5')
const text = z
  .string({ message: 'is required' })
  .trim()
  .min(REVIEW_TEXT_MIN, `must be at least ${REVIEW_TEXT_MIN} characters`)
  .max(REVIEW_TEXT_MAX, `must be at most ${REVIEW_TEXT_MAX} characters`)

export const ReviewBodySchema = z.object({ rating, text }).strict()
export type ReviewBody = z.input<typeof ReviewBodySchema>
export const ReviewEditBodySchema = z.object({ rating: rating.optional(), text: text.optional() }).strict()
export const ReviewResponseBodySchema = z
  .object({
    text: z.string({ message: 'is required' }).trim().min(1, 'is required').max(REVIEW_TEXT_MAX, `must be at most ${REVIEW_TEXT_MAX} characters`),
  })
  .strict()
export const ReviewHideBodySchema = z
  .object({ reason: z.string({ message: 'is required' }).trim().min(3, 'must be at least 3 characters').max(500, 'must be at most 500 characters') })
  .strict()

export const ReviewIdParamsSchema = z.object({ id: z.string().trim().min(1).max(64) })
export const ReviewPageQuerySchema = z.object({ cursor: z.string().max(200).optional() })

export const ReviewSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  storageId: z.string(),
  /** Who wrote it: the renter (of the host and the listing) or the host (of the renter). */
  authorRole: z.enum(['renter', 'host']),
  author: z.object({ id: z.string(), firstName: z.string(), lastInitial: z.string() }),
  rating: z.number(),
  text: z.string(),
  createdAt: z.string(),
  /** Visible to the other side and the public (both posted, or 14 days passed). */
  published: z.boolean(),
  /** When it was published, or (not yet) the latest it will be. */
  publishesAt: z.string(),
  /** The author may still change it (not published yet). */
  editable: z.boolean(),
  response: z.object({ text: z.string(), createdAt: z.string() }).nullable(),
  /** Hidden by an admin: only its author (and admins) see it, with the reason. */
  hidden: z.object({ reason: z.string() }).nullable(),
})
export type Review = z.infer<typeof ReviewSchema>

/** GET /bookings/:id/reviews: this booking's two reviews as the viewer may see them. */
export const BookingReviewsSchema = z.object({
  /** The viewer may post their review now. */
  canReview: z.boolean(),
  /** Why not (when canReview is false and mine is null). */
  reason: z.string().nullable(),
  role: z.enum(['renter', 'host']),
  /** The other side's first name, for "Review posted: visible when Ana reviews too". */
  otherName: z.string(),
  mine: ReviewSchema.nullable(),
  /** The other side's review, only once published. */
  theirs: ReviewSchema.nullable(),
  /** The other side has posted (their review may still be hidden). */
  theirsPosted: z.boolean(),
  /** While the other side's review waits for the viewer's: when it publishes alone, closing the viewer's window. */
  closesAt: z.string().nullable(),
})
export type BookingReviews = z.infer<typeof BookingReviewsSchema>

export const RatingSchema = z.object({ average: z.number(), count: z.number() })
export type Rating = z.infer<typeof RatingSchema>

/** GET /storages/:id/reviews: published renter reviews, newest first, a page at a time. */
export const ReviewPageSchema = z.object({ items: z.array(ReviewSchema), nextCursor: z.string().nullable(), rating: RatingSchema.nullable() })
export type ReviewPage = z.infer<typeof ReviewPageSchema>
