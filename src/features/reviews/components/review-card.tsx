// One review: stars, the author, when, the text, and the host's public answer. The listing's host may
// answer it once (a small form); an admin may hide it with a reason.
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { Review } from '@contract/review'
import { REVIEW_TEXT_MAX } from '@contract/review-constants'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
import { answerReview, hideReview } from '../api/reviews'
import { reviewKeys } from '../api/keys'
import { Stars } from './stars'
import { formatMonthOf } from '@contract/format-date'

export const reviewDate = formatMonthOf

export function ReviewCard({
  review: r,
  canAnswer = false,
  canHide = false,
  hostName,
}: {
  review: Review
  canAnswer?: boolean
  canHide?: boolean
  hostName?: string
}) {
  const queryClient = useQueryClient()
  const [mode, setMode] = useState<'answer' | 'hide' | null>(null)
  const [text, setText] = useState('')
  const done = () => {
    setMode(null)
    setText('')
    return queryClient.invalidateQueries({ queryKey: reviewKeys.all })
  }
  const answer = useMutation({
    mutationFn: () => answerReview(r.id, text),
    onSuccess: () => (toast.success('Your answer is published.'), done()),
    // A refused text names its field ("text cannot include …"): say whose.
    onError: (err) =>
      toast.error(err instanceof ApiError && err.field === 'text' ? `Your answer ${err.message}` : errorMessage(err, 'Your answer was not saved.')),
  })
  const hide = useMutation({
    mutationFn: () => hideReview(r.id, text),
    onSuccess: () => (toast.success('Review hidden. The author was told why.'), done()),
    onError: (err) => toast.error(errorMessage(err, 'The review was not hidden.')),
  })
  const busy = answer.isPending || hide.isPending
  return (
    <article className="border-b border-stone-200 py-4 last:border-b-0" data-testid="review" data-review-id={r.id}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <Stars value={r.rating} />
        <span className="font-medium text-stone-900">
          {r.author.firstName} {r.author.lastInitial && `${r.author.lastInitial}.`}
        </span>
        <span className="text-sm text-stone-500">{reviewDate(r.createdAt)}</span>
      </div>
      <p className="mt-1 whitespace-pre-line text-stone-700">{r.text}</p>
      {r.response && (
        <div className="mt-2 ml-1 border-l-2 border-brand-500 py-0.5 pl-3 text-sm" data-testid="review-response">
          <p className="font-medium text-stone-900">{hostName === 'you' ? 'Your answer' : `Answer from ${hostName ?? 'the host'}`}</p>
          <p className="whitespace-pre-line text-stone-700">{r.response.text}</p>
        </div>
      )}
      {(canAnswer && !r.response) || canHide ? (
        mode ? (
          <form
            className="mt-2 space-y-2"
            onSubmit={(e) => {
              e.preventDefault()
              if (text.trim()) (mode === 'answer' ? answer : hide).mutate()
            }}
          >
            <label className="block">
              <span className="label">
                {mode === 'answer' ? 'Your public answer (once, it cannot be changed)' : 'Why hide this review? (the author is told)'}
              </span>
              <textarea
                className="input min-h-20"
                value={text}
                maxLength={mode === 'answer' ? REVIEW_TEXT_MAX : 500}
                onChange={(e) => setText(e.target.value)}
                required
              />
            </label>
            <div className="flex flex-wrap gap-2">
              <button type="submit" className={mode === 'answer' ? 'btn-primary min-h-11' : 'btn-danger min-h-11'} disabled={busy || !text.trim()}>
                {mode === 'answer' ? 'Publish answer' : 'Hide review'}
              </button>
              <button type="button" className="btn-secondary min-h-11" onClick={() => setMode(null)}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div className="mt-1 flex flex-wrap gap-x-4">
            {canAnswer && !r.response && (
              <button
                type="button"
                className="inline-flex min-h-11 items-center text-sm font-medium text-brand-700 hover:underline"
                onClick={() => setMode('answer')}
              >
                Answer publicly
              </button>
            )}
            {canHide && (
              <button
                type="button"
                className="inline-flex min-h-11 items-center text-sm font-medium text-red-700 hover:underline"
                onClick={() => setMode('hide')}
              >
                Hide (admin)
              </button>
            )}
          </div>
        )
      ) : null}
    </article>
  )
}
