// /bookings: a paid booking's "Move-in & move-out checks" button, opening the same sheet as the chat's cards.
import { useState } from 'react'
import { EVIDENCE_STATES, type CheckKind } from '@contract/evidence'
import { CheckSheet } from './check-sheet'

export function BookingChecksButton({ userId, bookingId, state, started }: { userId: string; bookingId: string; state: string; started: boolean }) {
  const [open, setOpen] = useState<CheckKind | null>(null)
  if (!(EVIDENCE_STATES as readonly string[]).includes(state)) return null
  return (
    <>
      <button className="btn-secondary" onClick={() => setOpen('move_in')} data-testid="open-move-in-check">
        Move-in check
      </button>
      {started && (
        <button className="btn-secondary" onClick={() => setOpen('move_out')} data-testid="open-move-out-check">
          Move-out check
        </button>
      )}
      {open && <CheckSheet userId={userId} bookingId={bookingId} kind={open} onClose={() => setOpen(null)} />}
    </>
  )
}
