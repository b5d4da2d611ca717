// GET /conversations (polled every 10 s) and DELETE /conversations/{otherUserId}.
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { ConversationListSchema, LIST_POLL_MS, type Conversation } from '../../../schemas/messaging'
import { parseOrInvalid } from '../lib/errors'

export const getConversations = (signal?: AbortSignal): Promise<Conversation[]> =>
  request(
    () => api.get('conversations', { signal }).json(),
    parseOrInvalid((d) => ConversationListSchema.parse(d)),
  )

/** Keyed by the signed-in user so one account never sees another's cached list. */
export const conversationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['conversations', userId] as const,
    queryFn: ({ signal }) => getConversations(signal),
    refetchInterval: LIST_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 5_000,
  })

/** No body, so no JSON content type (Fastify refuses an empty JSON body). */
export const deleteConversation = (otherUserId: string) =>
  request(
    () => api.delete(`conversations/${encodeURIComponent(otherUserId)}`, { headers: { 'Content-Type': undefined } }).json(),
    () => undefined,
  )
