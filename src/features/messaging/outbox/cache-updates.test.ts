import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Conversation, Message, MessagesResponse } from '../../../schemas/messaging'
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
const message = (id: string, to: string, content: string): Message => ({
  _id: id,
  sender: { _id: 'me', id: 'me', firstName: 'Me', lastName: 'Too' },
  receiverId: to,
  content,
  photos: [],
  timestamp: '2026-01-02T00:00:00.000Z',
  isSystem: false,
  clientId: `c-${id}`,
})

describe('after a send', () => {
  it('appends the message once and moves its conversation to the top with the new last message', () => {
    const qc = new QueryClient()
    qc.setQueryData(['conversations', 'me'], [conv('a', 'old a'), conv('b', 'old b')])
    qc.setQueryData<MessagesResponse>(['messages', 'me', 'b'], { messages: [], isAutoClosed: false, otherUser: person('b') })
    const m = message('m1', 'b', 'new for b')
    addSentMessage(qc, 'me', m)
    addSentMessage(qc, 'me', m)
    expect(qc.getQueryData<MessagesResponse>(['messages', 'me', 'b'])!.messages.map((x) => x._id)).toEqual(['m1'])
    const list = qc.getQueryData<Conversation[]>(['conversations', 'me'])!
    expect(list.map((c) => c._id)).toEqual(['b', 'a'])
    expect(list[0]!.lastMessage).toEqual({ content: 'new for b', timestamp: m.timestamp })
  })
})
