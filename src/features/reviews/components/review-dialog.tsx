// The review form, in a dialog: stars and 20–1,000 characters. Writes a new review or edits one's own
// (until it is published). The server checks the same limits and names the field it refuses.
import { useEffect, useId, useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { REVIEW_PUBLISH_DAYS, REVIEW_TEXT_MAX, REVIEW_TEXT_MIN } from '@contract/review-constants'
import type { Review } from '@contract/review'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { editReview } from '../api/reviews'
import { takeAction } from '../../../lib/action-queue-client'
import { useAuth } from '../../auth/auth-context'
import { reviewAction, reviewPostedText } from '../queued-review'
import { reviewKeys } from '../api/keys'
import { StarPicker } from './stars'

export function ReviewDialog(props: { bookingId: string; otherName: string; role: 'renter' | 'host'; existing?: Review | null; onClose: () => void }) {
  const { bookingId, otherName, role, existing, onClose } = props
  const id = useId()
  const queryClient = useQueryClient()
  const { user } = useAuth()
  const [rating, setRating] = useState(existing?.rating ?? 0)
  const [text, setText] = useState(existing?.text ?? '')
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({})
  const save = useMutation({
    // A new review is queued (shown pending on the card, sent once when the link allows); an edit is sent at once.
    mutationFn: async () => {
      if (existing) return editReview(existing.id, { rating, text })
      if (user) await takeAction(queryClient, reviewAction(user.id, bookingId, { rating, text }))
      return null
    },
    onSuccess: (r) => {
      if (r) toast.success(reviewPostedText(r.published, otherName))
      onClose()
      return r ? queryClient.invalidateQueries({ queryKey: reviewKeys.all }) : undefined
    },
    onError: (err) => {
      if (err instanceof ApiError && (err.field === 'rating' || err.field === 'text'))
        setErrors({ [err.field]: `${err.field === 'text' ? 'Your review' : 'Rating'} ${err.message}` })
      else toast.error(errorMessage(err, 'Your review was not saved. Please try again.'))
      void queryClient.invalidateQueries({ queryKey: reviewKeys.all })
    },
  })
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onClose])
  const length = text.trim().length
  const submit = () => {
    const next: typeof errors = {}
    if (rating < 1) next.rating = 'Pick 1 to 5 stars.'
    if (length < REVIEW_TEXT_MIN) next.text = `Write at least ${REVIEW_TEXT_MIN} characters (${length} so far).`
    setErrors(next)
    if (!next.rating && !next.text) save.mutate()
  }
  return (
    <div className="fixed inset-0 z-[70] grid place-items-end bg-black/40 sm:place-items-center sm:p-4" onClick={onClose}>
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="max-h-[92dvh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 shadow-2xl sm:max-w-md sm:rounded-2xl"
        onClick={(e) => e.stopPropagation()}
        onSubmit={(e) => {
          e.preventDefault()
          submit()
        }}
        noValidate
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
          {existing ? 'Edit your review' : `Review ${otherName}`}
        </h2>
        <p className="mt-1 text-sm text-stone-600">
          {role === 'renter' ? `How was the space and ${otherName} as a host?` : `How was ${otherName} as a renter?`} {otherName} sees your review when they
          post theirs, or after {REVIEW_PUBLISH_DAYS} days.
        </p>
        <div className="mt-4 space-y-4">
          <div>
            <StarPicker value={rating} onChange={(v) => (setRating(v), setErrors((e) => ({ ...e, rating: undefined })))} invalid={Boolean(errors.rating)} />
            {errors.rating && (
              <p role="alert" className="mt-1 text-sm text-red-700">
                {errors.rating}
              </p>
            )}
          </div>
          <label className="block">
            <span className="label">Your review</span>
            <textarea
              className="input min-h-32"
              value={text}
              maxLength={REVIEW_TEXT_MAX}
              placeholder={role === 'renter' ? 'Was the space as described? Easy to reach?' : 'Did they respect the space and the access hours?'}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={`${id}-count`}
              onChange={(e) => (setText(e.target.value), setErrors((x) => ({ ...x, text: undefined })))}
            />
          </label>
          <p id={`${id}-count`} className="-mt-3 text-right text-xs text-stone-500">
            {length} / {REVIEW_TEXT_MAX.toLocaleString('en-CA')}
          </p>
          {errors.text && (
            <p role="alert" className="-mt-2 text-sm text-red-700">
              {errors.text}
            </p>
          )}
        </div>
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary min-h-11" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn-primary min-h-11" disabled={save.isPending}>
            {existing ? 'Save changes' : 'Post review'}
          </button>
        </div>
      </form>
    </div>
  )
}
