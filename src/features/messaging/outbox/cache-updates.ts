// After a send succeeds: append the message to the open chat and move its conversation to the top with
// the new last message (spec 4, Sending), without waiting for the next poll.
import type { QueryClient } from '@tanstack/react-query'
import type { Message } from '@contract/messaging'
import { conversationsQueryOptions } from '../api/conversations'
import { addToChat } from '../api/messages'
import { moveToTop } from '../lib/conversation-pages'

export function addSentMessage(queryClient: QueryClient, userId: string, message: Message) {
  const otherId = message.sender._id === userId ? message.receiverId : message.sender._id
  addToChat(queryClient, userId, otherId, message)
  queryClient.setQueryData(conversationsQueryOptions(userId).queryKey, (old) =>
    moveToTop(old, otherId, (c) => ({ ...c, lastMessage: { content: message.content, timestamp: message.timestamp }, updatedAt: message.timestamp })),
  )
}
