// A new review goes through the action queue (lib/action-queue.ts): posted, it shows as pending on the
// booking's card at once and is sent once (its Idempotency-Key makes a retry whose answer was lost
// harmless); a refusal comes back to the card with the server's reason. Edits are sent at once.
import type { ReviewBody } from '@contract/review'
import { onActionAnswered } from '../../lib/action-queue-client'
import type { QueuedAction } from '../../lib/action-queue'
import { toast } from '../../lib/toast'
import { reviewKeys } from './api/keys'

export const REVIEW_KIND = 'review'

export const reviewAction = (userId: string, bookingId: string, body: ReviewBody) => ({
  userId,
  kind: REVIEW_KIND,
  target: bookingId,
  path: `bookings/${encodeURIComponent(bookingId)}/review`,
  body,
})

export const isQueuedReview = (a: QueuedAction) => a.kind === REVIEW_KIND

/** The toast once the server has the review. */
export const reviewPostedText = (published: boolean, otherName = 'The other side') =>
  published ? 'Review posted and published.' : `Review posted. ${otherName} sees it once they review too.`

onActionAnswered(REVIEW_KIND, async (event, queryClient) => {
  if (event.type === 'sent') toast.success(reviewPostedText(Boolean((event.body as { published?: boolean } | null)?.published)))
  await queryClient.invalidateQueries({ queryKey: reviewKeys.all })
})
