// One visit in the chat: "Move-in visit · Sat, Mar 7, 10:00–10:30 Toronto time" (and the viewer's own
// clock when their zone differs), its state, and the answers open to this side now.
import { formatVisitTime } from '@contract/access-hours'
import { VISIT_KIND_LABEL, type Visit } from '@contract/visits'

export const deviceZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

const STATUS_LINE: Record<Visit['status'], (mine: boolean, other: string) => string> = {
  proposed: (mine, other) => (mine ? `Waiting for ${other} to answer` : `${other} proposed this time`),
  confirmed: () => 'Confirmed by both',
  declined: (mine, other) => (mine ? `${other} declined` : 'You declined'),
  replaced: () => 'Replaced by another time',
  cancelled: () => 'Cancelled',
}

export function VisitCard({
  visit,
  otherName,
  busy,
  waiting,
  onAnswer,
  onOtherTime,
}: {
  visit: Visit
  otherName: string
  busy: boolean
  /** An answer to it waits on this device for a connection: said instead of the buttons. */
  waiting?: string
  onAnswer: (action: 'confirm' | 'decline' | 'cancel') => void
  onOtherTime: () => void
}) {
  const confirmed = visit.status === 'confirmed'
  const closed = visit.status === 'declined' || visit.status === 'cancelled' || visit.status === 'replaced'
  const answer = visit.status === 'proposed' && !visit.proposedByMe && !waiting
  return (
    <div
      className={`rounded-xl border px-3 py-2.5 ${confirmed ? 'border-brand-500/40 bg-brand-50' : 'border-stone-200 bg-stone-50'} ${closed ? 'opacity-70' : ''}`}
      data-testid="visit-card"
      data-status={visit.status}
    >
      <p className="text-sm font-semibold text-stone-900">{VISIT_KIND_LABEL[visit.kind]} visit</p>
      <p className="text-sm text-stone-800" data-testid="visit-time">
        {formatVisitTime(new Date(visit.startsAt), visit.minutes, visit.timeZone, deviceZone())}
      </p>
      <p className={`mt-0.5 text-xs ${confirmed ? 'font-medium text-brand-800' : 'text-stone-600'}`} data-testid="visit-status">
        {STATUS_LINE[visit.status](visit.proposedByMe, otherName)}
      </p>
      {waiting && (
        <p className="mt-0.5 text-xs text-stone-600" data-testid="visit-waiting">
          {waiting}
        </p>
      )}
      {answer && (
        <div className="mt-2 flex flex-wrap gap-2">
          <button type="button" className="btn-primary min-h-11 px-4 text-sm" disabled={busy} onClick={() => onAnswer('confirm')}>
            Confirm
          </button>
          <button type="button" className="btn-secondary min-h-11 px-3 text-sm" disabled={busy} onClick={onOtherTime}>
            Other time
          </button>
          <button type="button" className="min-h-11 px-2 text-sm text-stone-600 underline" disabled={busy} onClick={() => onAnswer('decline')}>
            Decline
          </button>
        </div>
      )}
      {!waiting && (confirmed || (visit.status === 'proposed' && visit.proposedByMe)) && (
        <button type="button" className="mt-1 min-h-11 text-xs text-stone-600 underline" disabled={busy} onClick={() => onAnswer('cancel')}>
          {confirmed ? 'Cancel visit' : 'Withdraw'}
        </button>
      )}
    </div>
  )
}
