// The trust feature's query keys.
import { queryRoots, rootKey } from '../../../lib/query-keys'

export const trustKeys = {
  all: rootKey('verifications'),
  mine: (userId: string) => [queryRoots.verifications, 'me', userId] as const,
  badges: (userId: string) => [queryRoots.verifications, 'user', userId] as const,
}
