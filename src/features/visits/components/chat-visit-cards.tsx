// The visits of a chat: each visit a card among the messages at the time it was proposed (a replaced
// proposal leaves the card of the time that replaced it), answered in place; "Arrange a visit" above the
// composer when the two have a booking a visit can be arranged for.
import { useEffect, useMemo, useState } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { PairVisits, Visit } from '@contract/visits'
import { errorMessage } from '../../../lib/api-client'
import { toast } from '../../../lib/toast'
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

export function ChatVisitCards({ userId, otherUserId, onRows }: { userId: string; otherUserId: string; onRows: (rows: Row[]) => void }) {
  const queryClient = useQueryClient()
  const { data } = useQuery(pairVisitsQueryOptions(userId, otherUserId))
  const [counter, setCounter] = useState<{ booking: Booking; visit: Visit } | null>(null)
  const { mutate: answer, isPending: answering } = useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'confirm' | 'decline' | 'cancel' }) => respondToVisit(id, action),
    onSettled: () => queryClient.invalidateQueries({ queryKey: visitKeys.pair(userId, otherUserId) }),
    onError: (err) => toast.error(errorMessage(err, 'The answer could not be sent. Try again.')),
  })
  const rows = useMemo<Row[]>(
    () =>
      (data?.bookings ?? []).flatMap((b) =>
        b.visits
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
                  onAnswer={(action) => answer({ id: v.id, action })}
                  onOtherTime={() => setCounter({ booking: b, visit: v })}
                />
              </div>
            ),
          })),
      ),
    [data, answer, answering],
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
      <div className="flex justify-end px-3 pt-1">
        <button
          type="button"
          className="inline-flex min-h-10 items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
          onClick={() => setOpen(true)}
        >
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <rect x="3" y="5" width="18" height="16" rx="2" />
            <path d="M16 3v4M8 3v4M3 11h18" />
          </svg>
          Arrange a visit
        </button>
      </div>
      {open && <VisitSheet userId={userId} otherUserId={otherUserId} booking={booking} onClose={() => setOpen(false)} />}
    </>
  )
}
