// The account feature's query keys.
import { queryRoots } from '../../../lib/query-keys'

export const accountKeys = {
  deletion: (userId: string) => [queryRoots.account, userId, 'deletion'] as const,
  support: (userId: string) => [queryRoots.account, userId, 'support'] as const,
}
