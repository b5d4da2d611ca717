// The review rules (issues 24, 41). Who may review: the renter or the host of a booking that was paid for
// (paidCents > 0), once there is a stay to speak of: the rental has ended (state completed) or its move-out
// day has come, or, for a rolling monthly rental (no end date, or one set later by a notice), its first
// paid month is over. Two days into a monthly rental is too early. One review per side per booking. Publication: a review is hidden from the other side and
// the public until both sides have posted (both are stamped published in the transaction of the second),
// or until REVIEW_PUBLISH_DAYS after it was itself posted. That is also when the other side's window
// closes: nobody writes theirs after reading the first, so the two are always written blind.
// Visibility is computed from those timestamps at every read; sweepDuePublished also stamps due rows
// lazily on reads, so the listing's maintained rating columns count them without a cron.
import { REVIEW_PUBLISH_DAYS, type Review } from '@contract/review'
import type { Db } from '../../../db/client'
import { insertReview, refreshStorageRatings, reviewsOfBooking, stampBookingPublished, stampDuePublished, type ReviewWithAuthor } from '../queries/reviews'
import type { BookingRow } from '../../../db/schema/bookings'
import type { ReviewRow } from '../../../db/schema/reviews'
import { conflict } from '../../../errors'
import { formatDay } from '@contract/format-date'

// The reviews a booking's pair and a listing's page read, and the author's edit and the host's answer
// (conditional writes: the routes check the rules above first).
export { listingReviewPage, reviewsOfBooking, setResponseOnce, updateUnpublished } from '../queries/reviews'
import { addMonths, dayNumber, dayOf } from '../../bookings/service/calendar'

export const PUBLISH_DELAY_MS = REVIEW_PUBLISH_DAYS * 24 * 60 * 60 * 1000
/** Reviews posted at or before this instant are published by the 14-day rule. */
export const postedBefore = (now: Date) => new Date(now.getTime() - PUBLISH_DELAY_MS)

export const REVIEW_ERRORS = {
  unpaid: 'Only a paid booking can be reviewed.',
  cancelled: 'A cancelled booking cannot be reviewed.',
  closed: 'The time to review this booking has passed: the other review was published without yours.',
  notEnded: 'You can review once the rental has ended (or, for a monthly rental with no end date, after its first month).',
  /** A rental too young to review: when the review opens. */
  notYet: (opensOn: string, why: 'first month' | 'move-out') =>
    `You can review this rental from ${formatDay(opensOn)}, ${why === 'first month' ? 'after its first month' : 'its move-out day'}.`,
  twice: 'You have already reviewed this booking.',
  published: 'This review is published and can no longer be edited.',
  notAuthor: 'Only the author can edit this review.',
  notHost: 'Only the host of this listing can answer this review.',
  answerUnpublished: 'You can answer once the review is published.',
  answered: 'You have already answered this review.',
} as const

type ReviewTimes = Pick<ReviewRow, 'authorRole' | 'publishedAt' | 'createdAt' | 'hiddenAt'>

/**
 * Why `role` cannot review this booking (yet, or any more), or null when they can. `existing` are the
 * booking's reviews so far (a side's own review is checked by the caller: "already reviewed").
 */
export function reviewRefusal(
  b: Pick<BookingRow, 'state' | 'paidCents' | 'startDate' | 'endDate' | 'noticeAt'>,
  role: 'renter' | 'host',
  existing: ReviewTimes[],
  now: Date,
): string | null {
  if (b.paidCents <= 0) return REVIEW_ERRORS.unpaid
  if (b.state === 'cancelled') return REVIEW_ERRORS.cancelled
  const theirs = existing.find((r) => r.authorRole !== role)
  if (theirs && isPublished(theirs, now)) return REVIEW_ERRORS.closed
  if (b.state === 'completed') return null
  if (b.state !== 'active') return REVIEW_ERRORS.notEnded
  // Once a review exists, the other side may always answer it (an end date set later shuts nobody out).
  if (existing.length > 0) return null
  const opens = reviewOpensOn(b)
  return dayNumber(dayOf(now)) >= dayNumber(opens.on) ? null : REVIEW_ERRORS.notYet(opens.on, opens.why)
}

/**
 * The day a running rental can first be reviewed: its move-out day (its last day), or, for a rolling rental
 * (no end date, or one a notice set), the day after its first month if that comes first.
 */
export function reviewOpensOn(b: Pick<BookingRow, 'startDate' | 'endDate' | 'noticeAt'>): { on: string; why: 'first month' | 'move-out' } {
  const rolling = b.endDate == null || b.noticeAt != null
  const afterFirstMonth = addMonths(b.startDate, 1)
  if (b.endDate && (!rolling || dayNumber(b.endDate) < dayNumber(afterFirstMonth))) return { on: b.endDate, why: 'move-out' }
  return { on: afterFirstMonth, why: 'first month' }
}

export function isPublished(r: Pick<ReviewRow, 'publishedAt' | 'createdAt' | 'hiddenAt'>, now: Date): boolean {
  if (r.publishedAt && r.publishedAt.getTime() <= now.getTime()) return true
  return r.createdAt.getTime() + PUBLISH_DELAY_MS <= now.getTime()
}

export function publishesAt(r: Pick<ReviewRow, 'publishedAt' | 'createdAt'>): Date {
  return r.publishedAt ?? new Date(r.createdAt.getTime() + PUBLISH_DELAY_MS)
}

// A renter's published rating, for Instant Book's minimum (modules/bookings/service/instant-book.ts).
export { renterRating } from '../queries/reviews'

export function toReviewDto(r: ReviewWithAuthor, now: Date): Review {
  const published = isPublished(r, now)
  return {
    id: r.id,
    bookingId: r.bookingId,
    storageId: r.storageId,
    authorRole: r.authorRole,
    author: { id: r.authorId, firstName: r.authorFirstName, lastInitial: r.authorLastName.slice(0, 1) },
    rating: r.rating,
    text: r.body,
    createdAt: r.createdAt.toISOString(),
    published,
    publishesAt: publishesAt(r).toISOString(),
    editable: !published && !r.hiddenAt,
    response: r.response && r.respondedAt ? { text: r.response, createdAt: r.respondedAt.toISOString() } : null,
    hidden: r.hiddenAt ? { reason: r.hiddenReason ?? '' } : null,
  }
}

/**
 * Posts one side's review. In one transaction: the insert (a second one by the same side is refused
 * by the unique index: 409), and when the other side has posted too, both are published now and the
 * listing's rating columns recounted. `published` says whether this post published the pair.
 */
export async function postReview(
  db: Db,
  b: BookingRow,
  role: 'renter' | 'host',
  input: { rating: number; text: string },
  now = new Date(),
): Promise<{ review: ReviewRow; published: boolean }> {
  return db.transaction(async (tx) => {
    const review = await insertReview(tx, {
      bookingId: b.id,
      storageId: b.storageId,
      authorRole: role,
      authorId: role === 'renter' ? b.renterId : b.hostId,
      subjectId: role === 'renter' ? b.hostId : b.renterId,
      rating: input.rating,
      body: input.text,
      createdAt: now,
      updatedAt: now,
    })
    if (!review) throw conflict(REVIEW_ERRORS.twice)
    const all = await reviewsOfBooking(tx, b.id)
    if (all.length < 2) return { review, published: false }
    const stamped = await stampBookingPublished(tx, b.id, now)
    if (stamped.some((r) => r.authorRole === 'renter')) await refreshStorageRatings(tx, [b.storageId], now, postedBefore(now))
    return { review: stamped.find((r) => r.id === review.id) ?? review, published: stamped.length > 0 }
  })
}

/**
 * Stamps reviews whose 14 days have passed as published and recounts their listings' ratings, in one
 * transaction. Cheap when there is nothing due (a partial index on unpublished rows). True when a
 * listing's rating changed, so the caller tells the search cache.
 */
export async function sweepDuePublished(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const stamped = await stampDuePublished(tx, postedBefore(now), PUBLISH_DELAY_MS)
    const storageIds = stamped.filter((r) => r.authorRole === 'renter' && !r.hiddenAt).map((r) => r.storageId)
    if (storageIds.length) await refreshStorageRatings(tx, storageIds, now, postedBefore(now))
    return storageIds.length > 0
  })
}

// An admin hides a review: it stops showing and counting in its listing's rating.
export { findReview, refreshStorageRatings, setHidden } from '../queries/reviews'
