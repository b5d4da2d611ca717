// The auth feature's query keys.
import { queryRoots, rootKey } from '../../../lib/query-keys'

export const authKeys = {
  profile: rootKey('profile'),
  resetLink: (token: string) => [queryRoots.resetLink, token] as const,
  googleConfig: [queryRoots.googleConfig, 'google-config'] as const,
}
