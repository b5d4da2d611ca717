// /admin/users: a searched page, one account, and the state changes (deactivate, reactivate, admin).
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { AdminUserDetailSchema, AdminUserSchema, pageOf, type USER_FILTERS } from '@contract/admin'
import { adminKeys } from './keys'

export type UserListSearch = { q: string; status: (typeof USER_FILTERS)[number]; page: number }

export const adminUsersQueryOptions = (search: UserListSearch) =>
  queryOptions({
    queryKey: adminKeys.users(search),
    queryFn: ({ signal }) =>
      request(
        () => api.get('admin/users', { searchParams: search, signal }).json(),
        (d) => pageOf(AdminUserSchema).parse(d),
      ),
    placeholderData: keepPreviousData,
  })

export const adminUserQueryOptions = (id: string) =>
  queryOptions({
    queryKey: adminKeys.user(id),
    queryFn: ({ signal }) =>
      request(
        () => api.get(`admin/users/${id}`, { signal }).json(),
        (d) => AdminUserDetailSchema.parse(d),
      ),
  })

export type UserAction = { kind: 'deactivate' | 'reactivate'; reason?: string } | { kind: 'admin'; isAdmin: boolean }

export function useUserAction(id: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (action: UserAction) =>
      request(
        () =>
          action.kind === 'admin'
            ? api.post(`admin/users/${id}/admin`, { json: { isAdmin: action.isAdmin } }).json()
            : api.post(`admin/users/${id}/${action.kind}`, { json: { reason: action.reason ?? '' } }).json(),
        (d) => AdminUserDetailSchema.parse(d),
      ),
    onSuccess: (user) => {
      queryClient.setQueryData(adminUserQueryOptions(id).queryKey, user)
      void queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
}
