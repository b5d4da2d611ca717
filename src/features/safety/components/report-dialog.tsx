// The report form: a reason from the fixed list and an optional note; on success the reporter is thanked
// ("our team will review this"). A repeat of an open report only updates it.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useQueryClient } from '@tanstack/react-query'
import { errorMessage } from '../../../lib/api-client'
import { takeAction, useQueuedActions } from '../../../lib/action-queue-client'
import { useAuth } from '../../auth/auth-context'
import { REPORT_NOTE_MAX, REPORT_REASON_LABELS, REPORT_REASONS, type ReportReason, type ReportTarget } from '@contract/safety-constants'
import { reportAction } from '../queued-report'

export interface ReportSubject {
  targetType: ReportTarget
  targetId: string
  /** "Report this message", "Report Bob", "Report this listing". */
  title: string
  /** What is reported, shown above the form (the message's text). */
  quote?: ReactNode
}

export function ReportDialog({ subject, onClose }: { subject: ReportSubject; onClose: () => void }) {
  const id = useId()
  const [reason, setReason] = useState<ReportReason | ''>('')
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState('')
  const { user } = useAuth()
  const queryClient = useQueryClient()
  /** The queued report's id once sent from here: shown pending until the queue has its answer (a toast). */
  const [taken, setTaken] = useState<string | null>(null)
  const queued = useQueuedActions(user?.id, subject.targetId)
  const waiting = taken !== null && queued.some((a) => a.id === taken)
  useEffect(() => {
    if (taken && !waiting) onClose()
  }, [taken, waiting, onClose])
  const first = useRef<HTMLInputElement>(null)
  useEffect(() => {
    first.current?.focus()
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [onClose])

  const submit = (e: React.FormEvent) => {
    e.preventDefault()
    if (!reason) return setProblem('Choose a reason.')
    if (!user || taken) return
    takeAction(queryClient, reportAction(user.id, { targetType: subject.targetType, targetId: subject.targetId, reason, note: note.trim() })).then(
      (record) => setTaken(record.id),
      (err: unknown) => setProblem(errorMessage(err, 'Could not send the report. Please try again.')),
    )
  }

  // On body: a page's sticky or positioned parts (the listing's booking panel) must not sit above it.
  return createPortal(
    <div className="fixed inset-0 z-[70] flex items-end justify-center bg-black/40 sm:items-center sm:p-4" onClick={onClose}>
      <form
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        className="flex max-h-[92dvh] w-full max-w-md flex-col overflow-y-auto rounded-t-2xl bg-white p-5 shadow-2xl sm:rounded-2xl"
        style={{ paddingBottom: 'max(1.25rem, env(safe-area-inset-bottom))' }}
        onClick={(e) => e.stopPropagation()}
        onSubmit={submit}
        noValidate
      >
        <h2 id={`${id}-title`} className="text-lg font-semibold text-stone-900">
          {subject.title}
        </h2>
        <p className="mt-1 text-sm text-stone-600">Reports are private: we never tell anyone who sent one.</p>
        {subject.quote && (
          <blockquote className="mt-3 line-clamp-3 rounded-xl bg-stone-100 px-3 py-2 text-sm whitespace-pre-wrap text-stone-800">{subject.quote}</blockquote>
        )}
        <fieldset className="mt-4">
          <legend className="label">What is wrong?</legend>
          <div className="mt-1 space-y-1">
            {REPORT_REASONS.map((r, i) => (
              <label key={r} className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-stone-800 hover:bg-stone-50">
                <input
                  ref={i === 0 ? first : undefined}
                  type="radio"
                  name={`${id}-reason`}
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r)
                    setProblem('')
                  }}
                  className="h-4 w-4 accent-brand-700"
                />
                {REPORT_REASON_LABELS[r]}
              </label>
            ))}
          </div>
        </fieldset>
        <label htmlFor={`${id}-note`} className="label mt-3">
          Anything we should know? <span className="font-normal text-stone-500">(optional)</span>
        </label>
        <textarea
          id={`${id}-note`}
          className="input min-h-20"
          maxLength={REPORT_NOTE_MAX}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-describedby={`${id}-count`}
        />
        <p id={`${id}-count`} className="mt-1 text-right text-xs text-stone-500">
          {note.length}/{REPORT_NOTE_MAX}
        </p>
        {waiting && (
          <p role="status" className="mt-2 text-sm text-sky-900" data-testid="queued-report">
            Pending — will send when you're back online. You can close this.
          </p>
        )}
        {problem && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {problem}
          </p>
        )}
        <div className="mt-4 flex flex-wrap justify-end gap-2">
          <button type="button" className="btn-secondary min-h-11" onClick={onClose}>
            {waiting ? 'Close' : 'Cancel'}
          </button>
          <button type="submit" className="btn-danger min-h-11" disabled={waiting}>
            {waiting ? 'Sending…' : 'Send report'}
          </button>
        </div>
      </form>
    </div>,
    document.body,
  )
}
