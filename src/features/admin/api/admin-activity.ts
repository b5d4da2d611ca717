// /admin/audit-log and /admin/conversations/closed (reopen is POST …/:a/:b/reopen).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { AuditEntrySchema, ClosedConversationSchema, pageOf } from '@contract/admin'
import { adminKeys } from './keys'

export const auditLogQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.auditLog(page),
    queryFn: ({ signal }) =>
      request(
        () => api.get('admin/audit-log', { searchParams: { page }, signal }).json(),
        (d) => pageOf(AuditEntrySchema).parse(d),
      ),
    placeholderData: keepPreviousData,
  })

export const closedConversationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: adminKeys.closedConversations(page),
    queryFn: ({ signal }) =>
      request(
        () => api.get('admin/conversations/closed', { searchParams: { page }, signal }).json(),
        (d) => pageOf(ClosedConversationSchema).parse(d),
      ),
    placeholderData: keepPreviousData,
  })

export function useReopenConversation() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ a, b }: { a: string; b: string }) =>
      request(
        () => api.post(`admin/conversations/${a}/${b}/reopen`).json(),
        (d) => d,
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  })
}
