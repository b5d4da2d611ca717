// The compact card of one check: "Move-in check · 4 photos · 6 items · Confirmed by both"; a tap opens it.
import { CHECK_LABEL, type CheckSummary } from '@contract/evidence'
import { bothConfirmed, confirmationLine, countsLine } from '../lib/check-status'

export function CheckCard({ check, role, otherName, onOpen }: { check: CheckSummary; role: 'renter' | 'host'; otherName: string; onOpen: () => void }) {
  const done = bothConfirmed(check)
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="check-card"
      data-kind={check.kind}
      data-booking-id={check.bookingId}
      className="flex w-full items-center gap-3 rounded-xl border border-stone-200 bg-stone-50 px-3 py-2.5 text-left hover:bg-stone-100"
    >
      <span
        aria-hidden
        className={`grid h-9 w-9 shrink-0 place-items-center rounded-full ${done ? 'bg-brand-700 text-white' : 'bg-white text-stone-600 ring-1 ring-stone-200'}`}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          {done ? <path d="M5 13l4 4L19 7" /> : <path d="M9 5h6M9 3h6v4H9zM6 5H5v16h14V5h-1M8 12h8M8 16h5" />}
        </svg>
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-stone-900">
          {CHECK_LABEL[check.kind]} <span className="font-normal text-stone-600">· {countsLine(check)}</span>
        </span>
        <span className={`block truncate text-xs ${done ? 'font-medium text-brand-800' : 'text-stone-600'}`} data-testid="check-card-status">
          {check.checkId ? confirmationLine(check, role, otherName) : 'Tap to add photos and items'}
        </span>
      </span>
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" className="shrink-0 text-stone-400" aria-hidden>
        <path d="M9 18l6-6-6-6" />
      </svg>
    </button>
  )
}
