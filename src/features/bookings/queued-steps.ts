// The booking steps that go through the action queue (lib/action-queue.ts): a host's accept or decline,
// ending a rental (the renter's move-out notice), and the host's "Space is clear". Taken, a step shows as
// pending on its booking's card at once and is sent in order, once (its Idempotency-Key makes a retry
// whose answer was lost harmless); a refusal comes back to the card with the server's reason.
import { useQueryClient } from '@tanstack/react-query'
import type { Booking } from '@contract/booking'
import { onActionAnswered, takeAction } from '../../lib/action-queue-client'
import type { QueuedAction } from '../../lib/action-queue'
import { toast } from '../../lib/toast'
import { bookingKeys } from './api/keys'
import { BookingSchema } from '@contract/booking'
import { dateLabel } from './format'

export type QueuedStep = 'accept' | 'decline' | 'end' | 'space-clear'
export const STEP_KIND_PREFIX = 'booking-'

/** The queued record's fields for a step on a booking (its path relative to the API). */
export function bookingStepAction(userId: string, bookingId: string, step: QueuedStep, body: Record<string, unknown> = {}) {
  return { userId, kind: `${STEP_KIND_PREFIX}${step}`, target: bookingId, path: `bookings/${encodeURIComponent(bookingId)}/${step}`, body }
}

export const stepOf = (a: QueuedAction): QueuedStep | null =>
  a.kind.startsWith(STEP_KIND_PREFIX) ? (a.kind.slice(STEP_KIND_PREFIX.length) as QueuedStep) : null

/** How the card names a queued step. */
export function stepLabel(a: QueuedAction): string {
  switch (stepOf(a)) {
    case 'accept':
      return 'Accept'
    case 'decline':
      return 'Decline'
    case 'end':
      return (a.body as { moveOutOn?: string } | null)?.moveOutOn ? 'Move-out notice' : 'End rental'
    case 'space-clear':
      return '“Space is clear”'
    default:
      return 'Your step'
  }
}

/** The toast for the side that took the step, from what the server answered. */
export function doneText(b: Booking, step: QueuedStep): string {
  if (step === 'accept')
    return b.role === 'renter' ? 'Counter accepted. Pay within 48 hours to confirm your booking.' : 'Booking accepted. The renter has 48 hours to pay.'
  if (step === 'decline') return 'Declined.'
  if (step === 'space-clear') return 'Thanks — the space is marked clear.'
  return b.endDate ? `The rental ends on ${dateLabel(b.endDate)}.` : 'The rental now has an end date.'
}

for (const step of ['accept', 'decline', 'end', 'space-clear'] as const)
  onActionAnswered(`${STEP_KIND_PREFIX}${step}`, async (event, queryClient) => {
    if (event.type === 'sent') {
      const parsed = BookingSchema.safeParse(event.body)
      if (parsed.success) toast.success(doneText(parsed.data, step))
    }
    // Sent or refused, the card shows the server's state now (a refusal's reason stays on the card).
    await queryClient.invalidateQueries({ queryKey: bookingKeys.all })
  })

/** Takes a step through the queue. */
export function useQueuedStep(userId: string | undefined) {
  const queryClient = useQueryClient()
  return (bookingId: string, step: QueuedStep, body?: Record<string, unknown>) =>
    userId ? takeAction(queryClient, bookingStepAction(userId, bookingId, step, body)) : Promise.resolve(undefined)
}
