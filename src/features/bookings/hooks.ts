// Small hooks the booking screens share: whether the device is online, and the steps as mutations.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { ApiError, errorMessage } from '../../lib/api-client'
import { PAYOUT_SETUP_TOAST_ID, toast } from '../../lib/toast'
import type { Booking } from '@contract/booking'
import { bookingStep, startCheckout, type StepAction } from './api/booking-actions'
import { dateLabel } from './format'
import { bookingKeys } from './api/keys'

export { useOnline } from '../../lib/use-online'

const DONE: Record<StepAction, string> = {
  accept: 'Booking accepted. The renter has 48 hours to pay.',
  decline: 'Declined.',
  counter: 'Counter-offer sent.',
  cancel: 'Booking cancelled.',
  end: 'The rental now has an end date.',
}

/** The toast for the side that took the step, from what the server answered. */
function doneText(b: Booking, action: StepAction, role: Booking['role']): string {
  // The renter accepting the host's counter: the next step is theirs (pay), not the renter's wait.
  if (action === 'accept' && role === 'renter') return 'Counter accepted. Pay within 48 hours to confirm your booking.'
  if (action === 'cancel' && b.refundedCents) return 'Booking cancelled. A full refund is on its way.'
  // Cancelling within 24 h of the start ends the stay at the close of the paid period instead.
  if (action === 'cancel' && b.state !== 'cancelled' && b.endDate) return `Nothing was refunded. Your booking ends on ${dateLabel(b.endDate)}.`
  if (action === 'end' && b.endDate) return `The rental ends on ${dateLabel(b.endDate)}.`
  return DONE[action]
}

/** One step of a booking; a host without payment setup is sent to /stripe-info to finish it. */
export function useBookingStep() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (v: { id: string; action: StepAction; role: Booking['role']; body?: Record<string, unknown> }) => bookingStep(v.id, v.action, v.body),
    onSuccess: (b, v) => {
      toast.success(doneText(b, v.action, v.role))
      return queryClient.invalidateQueries({ queryKey: bookingKeys.all })
    },
    onError: (err, v) => {
      if (err instanceof ApiError && err.field === 'paymentSetup' && err.status === 409) {
        toast.warning(err.message, { id: PAYOUT_SETUP_TOAST_ID })
        return void navigate({ to: '/stripe-info', search: { booking: v.id } })
      }
      toast.error(errorMessage(err, 'That did not work. Please try again.'))
      void queryClient.invalidateQueries({ queryKey: bookingKeys.all })
    },
  })
}

/** Opens Stripe Checkout (or, in the sandbox, our own "Test mode" page) for an accepted booking. */
export function useCheckout() {
  return useMutation({
    mutationFn: (id: string) => startCheckout(id),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (err) => toast.error(errorMessage(err, 'Checkout could not start. Please try again.')),
  })
}
