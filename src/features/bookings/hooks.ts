// Small hooks the booking screens share: whether the device is online, and the steps as mutations.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { ApiError, errorMessage } from '../../lib/api-client'
import { toast } from '../../lib/toast'
import { bookingStep, startCheckout, type StepAction } from './api/booking-actions'

export { useOnline } from '../../lib/use-online'

const DONE: Record<StepAction, string> = {
  accept: 'Booking accepted. The renter has 48 hours to pay.',
  decline: 'Declined.',
  counter: 'Counter-offer sent.',
  cancel: 'Booking cancelled.',
  end: 'The rental now has an end date.',
}

/** One step of a booking; a host without payment setup is sent to /stripe-info to finish it. */
export function useBookingStep() {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  return useMutation({
    mutationFn: (v: { id: string; action: StepAction; body?: Record<string, unknown> }) => bookingStep(v.id, v.action, v.body),
    onSuccess: (b, v) => {
      toast.success(v.action === 'cancel' && b.refundedCents ? `Booking cancelled. A full refund is on its way.` : DONE[v.action])
      return queryClient.invalidateQueries({ queryKey: ['bookings'] })
    },
    onError: (err) => {
      if (err instanceof ApiError && err.field === 'paymentSetup' && err.status === 409) {
        toast.warning(err.message)
        return void navigate({ to: '/stripe-info' })
      }
      toast.error(errorMessage(err, 'That did not work. Please try again.'))
      void queryClient.invalidateQueries({ queryKey: ['bookings'] })
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
