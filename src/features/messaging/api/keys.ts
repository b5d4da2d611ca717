// The messaging feature's query keys: each holds the signed-in user, so accounts never share a copy.
import { queryRoots } from '../../../lib/query-keys'

export const messagingKeys = {
  conversations: (userId: string) => [queryRoots.conversations, userId] as const,
  /** Every chat of this user (a sent message refreshes them). */
  messagesOf: (userId: string) => [queryRoots.messages, userId] as const,
  messages: (userId: string, otherUserId: string) => [...messagingKeys.messagesOf(userId), otherUserId] as const,
  outbox: (userId: string) => [queryRoots.outbox, userId] as const,
}
