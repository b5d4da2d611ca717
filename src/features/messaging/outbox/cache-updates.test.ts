import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Conversation, Message } from '@contract/messaging'
import { conversationsQueryOptions } from '../api/conversations'
import { messagesQueryKey } from '../api/messages'
import { flattenConversations } from '../lib/conversation-pages'
import type { ChatWindow } from '../lib/chat-window'
import { addSentMessage } from './cache-updates'

const person = (id: string) => ({ _id: id, firstName: id.toUpperCase(), lastName: 'X', email: `${id}@x.test` })
const conv = (id: string, content: string): Conversation => ({
  _id: id,
  otherUser: person(id),
  lastMessage: { content, timestamp: '2026-01-01T00:00:00.000Z' },
  unreadCount: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
  isAutoClosed: false,
  storageId: null,
})
const message = (id: string, seq: number, to: string, content: string): Message => ({
  _id: id,
  seq,
  sender: { _id: 'me', id: 'me', firstName: 'Me', lastName: 'Too' },
  receiverId: to,
  content,
  photos: [],
  timestamp: '2026-01-02T00:00:00.000Z',
  isSystem: false,
  clientId: `c-${id}`,
})
const emptyChat = (other: string): ChatWindow => ({
  messages: [],
  hasOlder: false,
  isAutoClosed: false,
  otherUser: person(other),
  clearedSeq: 0,
  otherReadSeq: 0,
  syncedSeq: 0,
})

describe('after a send', () => {
  it('appends the message once and moves its conversation to the top of the first page with the new last message', () => {
    const qc = new QueryClient()
    const listKey = conversationsQueryOptions('me').queryKey
    qc.setQueryData(listKey, {
      pages: [
        { conversations: [conv('a', 'old a')], nextCursor: 'x', total: 2, unreadTotal: 0 },
        { conversations: [conv('b', 'old b')], nextCursor: null, total: 2, unreadTotal: 0 },
      ],
      pageParams: ['', 'x'],
    })
    qc.setQueryData<ChatWindow>(messagesQueryKey('me', 'b'), emptyChat('b'))
    const m = message('m1', 7, 'b', 'new for b')
    addSentMessage(qc, 'me', m)
    addSentMessage(qc, 'me', m)
    const chat = qc.getQueryData<ChatWindow>(messagesQueryKey('me', 'b'))!
    expect(chat.messages.map((x) => x._id)).toEqual(['m1'])
    // The poll cursor stays where the server left it: a message the other side sent just before is still fetched.
    expect(chat.syncedSeq).toBe(0)
    const list = flattenConversations(qc.getQueryData(listKey))
    expect(list.map((c) => c._id)).toEqual(['b', 'a'])
    expect(list[0]!.lastMessage).toEqual({ content: 'new for b', timestamp: m.timestamp })
  })
})
