// The review part of a booking card on /bookings: "Write a review" when the stay can be reviewed, then
// "Review posted: visible when Ana reviews too or on <date>", and once published the other side's review
// (which the host may answer). Only for paid stays that ended or reached move-out day or, with no end date,
// are past their first month; before that, the day reviews open (the server says when), and no button.
import { useState } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { dismissAction, useQueuedActions } from '../../../lib/action-queue-client'
import { isPending } from '../../../lib/queue-engine'
import { isQueuedReview } from '../queued-review'
import type { Booking } from '@contract/booking'
import { formatDay } from '@contract/format-date'
import { useAuth } from '../../auth/auth-context'
import { bookingReviewsQueryOptions } from '../api/reviews'
import { ReviewCard } from './review-card'
import { ReviewDialog } from './review-dialog'
import { Stars } from './stars'
import { dateFormat } from '@contract/intl'

const dayLabel = (iso: string) => dateFormat('en-CA', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso))

export function BookingReview({ booking: b }: { booking: Booking }) {
  const reviewable = b.role !== 'admin' && b.paidCents > 0 && (b.state === 'completed' || b.state === 'active')
  if (!reviewable) return null
  return <BookingReviewPart booking={b} />
}

function BookingReviewPart({ booking: b }: { booking: Booking }) {
  const { user } = useAuth()
  const { data } = useQuery({ ...bookingReviewsQueryOptions(user?.id ?? '', b.id), enabled: Boolean(user) })
  const [writing, setWriting] = useState(false)
  const queryClient = useQueryClient()
  const queued = useQueuedActions(user?.id, b.id).filter(isQueuedReview)
  if (!data || (!data.canReview && !data.mine && !data.theirs && !data.reason)) return null
  const { mine, theirs, otherName } = data
  const waiting = queued.some(isPending)
  return (
    // Named by its stay: /bookings lists several bookings, each with its own reviews (one name for all
    // of them left a screen reader's landmarks indistinguishable).
    <section
      className="mt-3 border-t border-stone-200 pt-3"
      aria-label={`Reviews of the stay at ${b.storage.title} from ${formatDay(b.startDate)}`}
      data-testid="booking-review"
    >
      {queued.map((a) =>
        isPending(a) ? (
          <p key={a.id} className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900" data-testid="queued-review" role="status">
            Your review: Pending — will send when you're back online.
          </p>
        ) : (
          <div
            key={a.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-950"
            role="alert"
            data-testid="queued-review-failed"
          >
            <p className="min-w-0 flex-1">Your review was not posted: {a.error}</p>
            <button type="button" className="btn-secondary min-h-11" onClick={() => user && void dismissAction(queryClient, user.id, a.id)}>
              Dismiss
            </button>
          </div>
        ),
      )}
      {data.canReview && !waiting && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-stone-700">
            {data.theirsPosted
              ? `${otherName} has reviewed you. Post yours${data.closesAt ? ` by ${dayLabel(data.closesAt)}` : ''} to see it.`
              : `How was it? Review ${otherName}.`}
          </p>
          <button type="button" className="btn-primary min-h-11" onClick={() => setWriting(true)}>
            Write a review
          </button>
        </div>
      )}
      {mine && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <p className="text-stone-700" data-testid="my-review-status">
            <Stars value={mine.rating} className="mr-1" />
            {mine.hidden
              ? `Your review was hidden by our team: ${mine.hidden.reason}`
              : mine.published
                ? 'Your review is published.'
                : `Review posted—visible when ${otherName} reviews too or on ${dayLabel(mine.publishesAt)}.`}
          </p>
          {mine.editable && (
            <button type="button" className="inline-flex min-h-11 items-center font-medium text-brand-700 hover:underline" onClick={() => setWriting(true)}>
              Edit
            </button>
          )}
        </div>
      )}
      {!data.canReview && !mine && data.reason && (
        <p className="text-sm text-stone-600" data-testid="review-closed">
          {data.reason}
        </p>
      )}
      {theirs && (
        <div className="mt-1">
          <p className="text-sm font-medium text-stone-500">{otherName}'s review of you</p>
          <ReviewCard review={theirs} canAnswer={data.role === 'host' && theirs.authorRole === 'renter'} hostName="you" />
        </div>
      )}
      {writing && <ReviewDialog bookingId={b.id} otherName={otherName} role={data.role} existing={mine} onClose={() => setWriting(false)} />}
    </section>
  )
}
