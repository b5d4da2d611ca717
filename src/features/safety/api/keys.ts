// Report and block query keys: who I blocked, and a chat's block state (both hold me).
import { queryRoots } from '../../../lib/query-keys'

export const safetyKeys = {
  all: [queryRoots.safety] as const,
  blocked: (userId: string) => [queryRoots.safety, 'blocked', userId] as const,
  withUser: (userId: string, otherUserId: string) => [queryRoots.safety, 'with', userId, otherUserId] as const,
}
