// GET /auth/google-config: whether this server offers sign-in with Google, and its client id.
import { queryOptions } from '@tanstack/react-query'
import { googleConfig } from './auth-calls'
import { authKeys } from './keys'

export const googleConfigQueryOptions = () => queryOptions({ queryKey: authKeys.googleConfig, queryFn: googleConfig, staleTime: Infinity, retry: false })
