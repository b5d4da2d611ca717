// GET /conversations in pages (polled every 10 s: each loaded page is revalidated, mostly a 304) and
// DELETE /conversations/{otherUserId}.
import { infiniteQueryOptions, type InfiniteData } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { CONVERSATION_PAGE_SIZE, ConversationPageSchema, LIST_POLL_MS, type ConversationPage } from '@contract/messaging'
import { parseOrInvalid } from '../lib/errors'
import { messagingKeys } from './keys'

export const getConversationPage = (cursor: string, signal?: AbortSignal): Promise<ConversationPage> =>
  request(
    () =>
      api
        .get('conversations', {
          signal,
          timeout: 10_000,
          searchParams: cursor ? { limit: CONVERSATION_PAGE_SIZE, cursor } : { limit: CONVERSATION_PAGE_SIZE },
        })
        .json(),
    parseOrInvalid((d) => ConversationPageSchema.parse(d)),
  )

export type ConversationPages = InfiniteData<ConversationPage>

/** Keyed by the signed-in user so one account never sees another's cached list. */
export const conversationsQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: messagingKeys.conversations(userId),
    queryFn: ({ signal, pageParam }) => getConversationPage(pageParam, signal),
    initialPageParam: '',
    getNextPageParam: (last: ConversationPage) => last.nextCursor ?? undefined,
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
