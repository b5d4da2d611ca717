// The referrals' query keys (saved for offline use), with the user.
import { queryRoots } from '../../../lib/query-keys'

export const referralKeys = {
  summary: (userId: string) => [queryRoots.referrals, userId] as const,
}
