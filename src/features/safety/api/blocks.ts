// GET /blocks (my blocked list), GET /blocks/with/:userId (what a chat shows), PUT and DELETE /blocks/:userId.
// Read once when a chat opens (not polled): a refused send refreshes it.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import type { BlockedUser, BlockStatus } from '@contract/safety'
import { safetyKeys } from './keys'

export const blockStatusQueryOptions = (userId: string, otherUserId: string) =>
  queryOptions({
    queryKey: safetyKeys.withUser(userId, otherUserId),
    queryFn: ({ signal }) =>
      request(
        () => api.get(`blocks/with/${encodeURIComponent(otherUserId)}`, { signal }).json(),
        (d) => d as BlockStatus,
      ),
    staleTime: 60_000,
  })

export const blockedListQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: safetyKeys.blocked(userId),
    queryFn: ({ signal }) =>
      request(
        () => api.get('blocks', { signal }).json(),
        (d) => (d as { blocked: BlockedUser[] }).blocked,
      ),
  })

/** Block (true) or unblock (false) a user; the chat and the list learn the answer at once. */
export function useSetBlocked(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ otherUserId, blocked }: { otherUserId: string; blocked: boolean }) =>
      request(
        () => (blocked ? api.put(`blocks/${encodeURIComponent(otherUserId)}`) : api.delete(`blocks/${encodeURIComponent(otherUserId)}`)).json(),
        (d) => d as BlockStatus,
      ),
    onSuccess: (status, { otherUserId }) => {
      queryClient.setQueryData(safetyKeys.withUser(userId, otherUserId), status)
      void queryClient.invalidateQueries({ queryKey: safetyKeys.blocked(userId) })
    },
  })
}
