// A booking card's queued steps: pending ones ("will send when you're back online") and refused ones with
// the server's reason (a host without payment setup is sent to /stripe-info to finish it, as before).
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { BOOKING_ERRORS } from '@contract/booking'
import { dismissAction } from '../../../lib/action-queue-client'
import type { QueuedAction } from '../../../lib/action-queue'
import { isPending } from '../../../lib/queue-engine'
import { PAYOUT_SETUP_TOAST_ID, toast } from '../../../lib/toast'
import { stepLabel, stepOf } from '../queued-steps'

export function QueuedStepNotes({ userId, bookingId, actions }: { userId: string; bookingId: string; actions: QueuedAction[] }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const setup = actions.find((a) => !isPending(a) && stepOf(a) === 'accept' && a.error === BOOKING_ERRORS.paymentSetup)
  useEffect(() => {
    if (!setup) return
    void dismissAction(queryClient, userId, setup.id)
    toast.warning(setup.error!, { id: PAYOUT_SETUP_TOAST_ID })
    void navigate({ to: '/stripe-info', search: { booking: bookingId } })
  }, [setup, queryClient, userId, bookingId, navigate])
  const shown = actions.filter((a) => a !== setup)
  if (shown.length === 0) return null
  return (
    <div className="mt-3 space-y-2 text-sm">
      {shown.map((a) =>
        isPending(a) ? (
          <p key={a.id} className="rounded-lg border border-sky-200 bg-sky-50 px-3 py-2 text-sky-900" data-testid="queued-step" role="status">
            {stepLabel(a)}: Pending — will send when you're back online.
          </p>
        ) : (
          <div
            key={a.id}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-red-950"
            data-testid="queued-step-failed"
            role="alert"
          >
            <p className="min-w-0 flex-1">
              {stepLabel(a)} was not applied: {a.error}
            </p>
            <button type="button" className="btn-secondary min-h-11" onClick={() => void dismissAction(queryClient, userId, a.id)}>
              Dismiss
            </button>
          </div>
        ),
      )}
    </div>
  )
}
