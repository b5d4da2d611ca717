// The review calls: a booking's pair (GET /bookings/:id/reviews), post and edit one's own, the host's
// answer, a listing's published reviews by page, and an admin's hide. Answers parse with the contract.
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { BookingReviews, Review, ReviewBody, ReviewPage } from '@contract/review'
import { reviewKeys } from './keys'

// zod comes with the first answer, not with the page.
const schemas = () => import('@contract/review')

export const bookingReviewsQueryOptions = (userId: string, bookingId: string) =>
  queryOptions({
    queryKey: reviewKeys.booking(userId, bookingId),
    queryFn: ({ signal }): Promise<BookingReviews> =>
      request(
        () => api.get(`bookings/${encodeURIComponent(bookingId)}/reviews`, { signal }).json(),
        async (d) => (await schemas()).BookingReviewsSchema.parse(d),
      ),
    staleTime: 30_000,
  })

export const listingReviewsQueryOptions = (storageId: string) =>
  infiniteQueryOptions({
    queryKey: reviewKeys.listing(storageId),
    queryFn: ({ signal, pageParam }): Promise<ReviewPage> =>
      request(
        () => api.get(`storages/${encodeURIComponent(storageId)}/reviews`, { signal, searchParams: pageParam ? { cursor: pageParam } : {} }).json(),
        async (d) => (await schemas()).ReviewPageSchema.parse(d),
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 60_000,
  })

const parseReview = async (d: unknown): Promise<Review> => (await schemas()).ReviewSchema.parse(d)

export const editReview = (id: string, body: Partial<ReviewBody>) =>
  request(() => api.patch(`reviews/${encodeURIComponent(id)}`, { json: body }).json(), parseReview)

export const answerReview = (id: string, text: string) =>
  request(() => api.post(`reviews/${encodeURIComponent(id)}/response`, { json: { text } }).json(), parseReview)

export const hideReview = (id: string, reason: string) =>
  request(() => api.post(`admin/reviews/${encodeURIComponent(id)}/hide`, { json: { reason } }).json(), parseReview)
