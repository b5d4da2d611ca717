// GET /user-profile: the signed-in user.
import { queryOptions } from '@tanstack/react-query'
import type { User } from '@contract/user'
import { api, request } from '../../../lib/api-client'
import { userSchema } from './auth-calls'
import { authKeys } from './keys'

export const getProfile = (signal?: AbortSignal): Promise<User> =>
  request(
    () => api.get('user-profile', { signal }).json(),
    async (d) => (await userSchema()).parse(d),
  )

export const profileQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.profile,
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 5 * 60_000,
    retry: false,
  })
