// Visit steps taken with no connection go through the action queue (lib/action-queue.ts) like a message
// through the outbox: kept on the device, shown in the chat as waiting, and sent once when the link is
// back. A proposal's or an "Other time"'s clientId makes a resend the same visit; an answer given twice is
// the same answer (the server changes and tells nothing the second time). A refusal stays on its card
// with the server's reason.
import type { QueryClient } from '@tanstack/react-query'
import type { ProposeVisitBody } from '@contract/visits'
import { onActionAnswered, takeAction } from '../../lib/action-queue-client'
import type { QueuedAction } from '../../lib/action-queue'
import { visitKeys } from './api/keys'

export const VISIT_PROPOSE_KIND = 'visit-propose'
export const VISIT_COUNTER_KIND = 'visit-counter'
export const VISIT_RESPOND_KIND = 'visit-respond'
export type VisitAnswer = 'confirm' | 'decline' | 'cancel'

export const queueVisitProposal = (queryClient: QueryClient, userId: string, bookingId: string, body: ProposeVisitBody) =>
  takeAction(queryClient, { userId, kind: VISIT_PROPOSE_KIND, target: bookingId, path: `bookings/${encodeURIComponent(bookingId)}/visits`, body })

/** "Other time" for `visitId` (a proposal of `bookingId`): the counter waits under the booking like a proposal. */
export const queueVisitCounter = (queryClient: QueryClient, userId: string, bookingId: string, visitId: string, body: Omit<ProposeVisitBody, 'kind'>) =>
  takeAction(queryClient, { userId, kind: VISIT_COUNTER_KIND, target: bookingId, path: counterPath(visitId), body })

export const queueVisitAnswer = (queryClient: QueryClient, userId: string, bookingId: string, visitId: string, action: VisitAnswer) =>
  takeAction(queryClient, { userId, kind: VISIT_RESPOND_KIND, target: bookingId, path: `visits/${encodeURIComponent(visitId)}/respond`, body: { action } })

const counterPath = (visitId: string) => `visits/${encodeURIComponent(visitId)}/counter`

export const queuedBody = (a: QueuedAction) => a.body as ProposeVisitBody & { clientId: string }

/** The visit a queued counter or answer is about (from its path). */
export const queuedVisitId = (a: QueuedAction) => decodeURIComponent(a.path.split('/')[1] ?? '')

for (const kind of [VISIT_PROPOSE_KIND, VISIT_COUNTER_KIND, VISIT_RESPOND_KIND])
  onActionAnswered(kind, (event, queryClient) => queryClient.invalidateQueries({ queryKey: visitKeys.all(event.record.userId) }))
