// A visit proposed with no connection goes through the action queue (lib/action-queue.ts) like a message
// through the outbox: kept on the device, shown in the chat as waiting, and sent once when the link is
// back (its clientId makes a resend the same visit). A refusal stays on its card with the server's reason.
import type { QueryClient } from '@tanstack/react-query'
import type { ProposeVisitBody } from '@contract/visits'
import { onActionAnswered, takeAction } from '../../lib/action-queue-client'
import type { QueuedAction } from '../../lib/action-queue'
import { visitKeys } from './api/keys'

export const VISIT_PROPOSE_KIND = 'visit-propose'

export const queueVisitProposal = (queryClient: QueryClient, userId: string, bookingId: string, body: ProposeVisitBody) =>
  takeAction(queryClient, { userId, kind: VISIT_PROPOSE_KIND, target: bookingId, path: `bookings/${encodeURIComponent(bookingId)}/visits`, body })

export const queuedBody = (a: QueuedAction) => a.body as ProposeVisitBody & { clientId: string }

onActionAnswered(VISIT_PROPOSE_KIND, (event, queryClient) => queryClient.invalidateQueries({ queryKey: visitKeys.all(event.record.userId) }))
