// The invites feature's query keys: each holds the signed-in user, so accounts never share a copy.
import { queryRoots } from '../../../lib/query-keys'

export const inviteKeys = {
  all: (userId: string) => [queryRoots.invites, userId] as const,
  /** The invites between me and one other user (a chat's cards). */
  pair: (userId: string, otherUserId: string) => [...inviteKeys.all(userId), 'pair', otherUserId] as const,
}
