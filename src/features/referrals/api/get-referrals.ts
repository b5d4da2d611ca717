// GET /referrals: the user's code, the reward, and who joined through their link.
import { queryOptions } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { referralKeys } from './keys'

export const referralsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: referralKeys.summary(userId),
    queryFn: ({ signal }) =>
      request(
        () => api.get('referrals', { signal }).json(),
        async (d) => (await import('@contract/referral')).ReferralSummarySchema.parse(d),
      ),
    staleTime: 30_000,
  })
