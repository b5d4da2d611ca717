// GET /auth/google-config: whether this server offers sign-in with Google, and its client id.
import { queryOptions } from '@tanstack/react-query'
import { googleConfig } from './auth-calls'

export const googleConfigQueryOptions = () =>
  queryOptions({ queryKey: ['auth', 'google-config'] as const, queryFn: googleConfig, staleTime: Infinity, retry: false })
