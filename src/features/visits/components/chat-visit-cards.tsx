// The visits of a chat: each visit a card among the messages at the time it was proposed (a replaced
// proposal leaves the card of the time that replaced it), answered in place; "Arrange a visit" above the
// composer when the two have a booking a visit can be arranged for. Steps taken offline wait on their
// cards (queued-visits.ts); `visitsAt` (from the chat's poll) moving asks for the visits again at once.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PairVisits, Visit } from '@contract/visits'
import { errorMessage, isNetworkError } from '../../../lib/api-client'
import { actionQueueQueryOptions, dismissAction } from '../../../lib/action-queue-client'
import { formatVisitTime } from '@contract/access-hours'
import { VISIT_KIND_LABEL } from '@contract/visits'
import type { QueuedAction } from '../../../lib/action-queue'
import { queuedBody, queuedVisitId, queueVisitAnswer, VISIT_COUNTER_KIND, VISIT_PROPOSE_KIND, VISIT_RESPOND_KIND, type VisitAnswer } from '../queued-visits'
import { deviceZone } from './visit-card'
import { toast } from '../../../lib/toast'
import { useRefetchOnNews } from '../../../lib/refetch-on-news'
import { pairVisitsQueryOptions, respondToVisit } from '../api/visits'
import { visitKeys } from '../api/keys'
import { VisitCard } from './visit-card'
import { VisitSheet } from './visit-sheet'

interface Row {
  key: string
  at: string
  node: React.ReactNode
}
type Booking = PairVisits['bookings'][number]
const WAITING: Record<string, string> = {
  [VISIT_RESPOND_KIND]: 'Your answer waits for a connection',
  [VISIT_COUNTER_KIND]: 'Your other time waits for a connection',
}

export function ChatVisitCards({
  userId,
  otherUserId,
  visitsAt,
  onRows,
}: {
  userId: string
  otherUserId: string
  /** The chat's word on when a visit between the two last changed (undefined: not known). */
  visitsAt?: string | null
  onRows: (rows: Row[]) => void
}) {
  const queryClient = useQueryClient()
  const { data } = useQuery(pairVisitsQueryOptions(userId, otherUserId))
  const queued = useQuery(actionQueueQueryOptions(userId)).data
  const [counter, setCounter] = useState<{ booking: Booking; visit: Visit } | null>(null)
  useRefetchOnNews(visitsAt, visitKeys.pair(userId, otherUserId))
  const { mutate: send, isPending: answering } = useMutation({
    mutationFn: ({ id, action }: { id: string; action: VisitAnswer; bookingId: string }) => respondToVisit(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.pair(userId, otherUserId) }),
    // No connection: the answer waits on the device (answering twice is harmless on the server).
    onError: (err, { id, action, bookingId }) =>
      isNetworkError(err)
        ? void queueVisitAnswer(queryClient, userId, bookingId, id, action).then(() =>
            toast.success('No connection. Your answer will be sent when you are back online.'),
          )
        : toast.error(errorMessage(err, 'The answer could not be sent. Try again.')),
  })
  // Offline: queued at once, rather than waiting out the send's deadline.
  const answer = useCallback(
    (step: { id: string; action: VisitAnswer; bookingId: string }) =>
      navigator.onLine === false
        ? void queueVisitAnswer(queryClient, userId, step.bookingId, step.id, step.action).then(() =>
            toast.success('No connection. Your answer will be sent when you are back online.'),
          )
        : send(step),
    [send, queryClient, userId],
  )
  const rows = useMemo<Row[]>(
    () =>
      (data?.bookings ?? []).flatMap((b) => {
        const mine = (queued ?? []).filter((a) => a.target === b.bookingId)
        // A step on a visit waiting on this device: its card shows it and takes no other answer meanwhile.
        const waitingOn = (v: Visit) =>
          mine.find((a) => (a.kind === VISIT_COUNTER_KIND || a.kind === VISIT_RESPOND_KIND) && a.status !== 'failed' && queuedVisitId(a) === v.id)
        const sent = (a: QueuedAction) => b.visits.some((v) => v.clientId === queuedBody(a).clientId)
        return [
          ...b.visits
            .filter((v) => v.status !== 'replaced')
            .map((v) => ({
              key: `visit:${v.id}`,
              at: v.createdAt,
              node: (
                <div className="mx-auto my-2 max-w-sm">
                  <VisitCard
                    visit={v}
                    otherName={b.otherFirstName}
                    busy={answering}
                    waiting={WAITING[waitingOn(v)?.kind ?? '']}
                    onAnswer={(action) => answer({ id: v.id, action, bookingId: b.bookingId })}
                    onOtherTime={() => setCounter({ booking: b, visit: v })}
                  />
                </div>
              ),
            })),
          // Proposals and other times waiting on this device (sent, they leave the queue and come back as visits above).
          ...mine
            .filter((a) => (a.kind === VISIT_PROPOSE_KIND || a.kind === VISIT_COUNTER_KIND) && !sent(a))
            .map((a) => ({
              key: `queued-visit:${a.id}`,
              at: a.createdAt ?? new Date().toISOString(),
              node: (
                <div className="mx-auto my-2 max-w-sm">
                  <QueuedVisitCard
                    body={queuedBody(a)}
                    kind={queuedBody(a).kind ?? b.visits.find((v) => v.id === queuedVisitId(a))?.kind ?? 'move_in'}
                    otherTime={a.kind === VISIT_COUNTER_KIND}
                    timeZone={b.timeZone}
                    error={a.status === 'failed' ? (a.error ?? 'Not sent') : null}
                    onDiscard={() => void dismissAction(queryClient, userId, a.id)}
                  />
                </div>
              ),
            })),
          // A queued answer the server refused: its reason, to read and close.
          ...mine
            .filter((a) => a.kind === VISIT_RESPOND_KIND && a.status === 'failed')
            .map((a) => ({
              key: `queued-answer:${a.id}`,
              at: a.createdAt ?? new Date().toISOString(),
              node: (
                <p role="alert" className="mx-auto my-2 max-w-sm text-xs text-red-700">
                  {a.error ?? 'Your answer was not sent.'}{' '}
                  <button type="button" className="min-h-11 underline" onClick={() => void dismissAction(queryClient, userId, a.id)}>
                    Close
                  </button>
                </p>
              ),
            })),
        ]
      }),
    [data, queued, answer, answering, queryClient, userId],
  )
  useEffect(() => onRows(rows), [rows, onRows])
  return counter ? (
    <VisitSheet userId={userId} otherUserId={otherUserId} booking={counter.booking} counterOf={counter.visit} onClose={() => setCounter(null)} />
  ) : null
}

/** "Arrange a visit" above the composer, for the newest booking a visit can be arranged for. */
export function ArrangeVisitButton({ userId, otherUserId }: { userId: string; otherUserId: string }) {
  const { data } = useQuery(pairVisitsQueryOptions(userId, otherUserId))
  const [open, setOpen] = useState(false)
  const booking = data?.bookings[0]
  if (!booking) return null
  return (
    <>
      <button
        type="button"
        className="inline-flex min-h-11 items-center gap-1.5 px-1 text-sm font-medium text-brand-700 hover:underline"
        onClick={() => setOpen(true)}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
          <rect x="3" y="5" width="18" height="16" rx="2" />
          <path d="M16 3v4M8 3v4M3 11h18" />
        </svg>
        Arrange a visit
      </button>
      {open && <VisitSheet userId={userId} otherUserId={otherUserId} booking={booking} onClose={() => setOpen(false)} />}
    </>
  )
}

/** A proposal or another time kept on the device: waiting for a connection, or refused with the server's reason. */
function QueuedVisitCard({
  body,
  kind,
  otherTime,
  timeZone,
  error,
  onDiscard,
}: {
  body: ReturnType<typeof queuedBody>
  kind: Visit['kind']
  otherTime: boolean
  timeZone: string
  error: string | null
  onDiscard: () => void
}) {
  return (
    <div className="rounded-xl border border-dashed border-stone-300 bg-white px-3 py-2.5" data-testid="visit-card" data-status={error ? 'failed' : 'queued'}>
      <p className="text-sm font-semibold text-stone-900">
        {VISIT_KIND_LABEL[kind]} visit{otherTime ? ': another time' : ''}
      </p>
      <p className="text-sm text-stone-800">{formatVisitTime(new Date(body.startsAt), body.minutes, timeZone, deviceZone())}</p>
      {error ? (
        <p role="alert" className="mt-0.5 text-xs text-red-700">
          {error}{' '}
          <button type="button" className="min-h-11 underline" onClick={onDiscard}>
            Discard
          </button>
        </p>
      ) : (
        <p className="mt-0.5 text-xs text-stone-600" data-testid="visit-status">
          Waiting for a connection: sent when you are back online
        </p>
      )}
    </div>
  )
}
