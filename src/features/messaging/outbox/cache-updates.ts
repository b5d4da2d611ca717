// After a send succeeds: append the message to the open chat and move its conversation to the top with
// the new last message (spec 4, Sending), without waiting for the next poll.
import type { QueryClient } from '@tanstack/react-query'
import type { Conversation, Message, MessagesResponse } from '../../../schemas/messaging'

export function addSentMessage(queryClient: QueryClient, userId: string, message: Message) {
  const otherId = message.sender._id === userId ? message.receiverId : message.sender._id
  queryClient.setQueryData<MessagesResponse>(['messages', userId, otherId], (old) =>
    old && !old.messages.some((m) => m._id === message._id) ? { ...old, messages: [...old.messages, message] } : old,
  )
  queryClient.setQueryData<Conversation[]>(['conversations', userId], (old) => {
    if (!old) return old
    const existing = old.find((c) => c._id === otherId)
    if (!existing) return old
    const updated: Conversation = { ...existing, lastMessage: { content: message.content, timestamp: message.timestamp }, updatedAt: message.timestamp }
    return [updated, ...old.filter((c) => c._id !== otherId)]
  })
}
