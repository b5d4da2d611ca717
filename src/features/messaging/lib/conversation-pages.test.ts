import type { InfiniteData } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import type { Conversation, ConversationPage } from '@contract/messaging'
import { conversationTotals, flattenConversations, moveToTop, removeConversation, updateConversation } from './conversation-pages'

const conv = (id: string, unreadCount = 0): Conversation => ({
  _id: id,
  otherUser: { _id: id, firstName: id, lastName: 'X', email: `${id}@x.test` },
  lastMessage: { content: `hi ${id}`, timestamp: '2026-01-01T00:00:00.000Z' },
  unreadCount,
  updatedAt: '2026-01-01T00:00:00.000Z',
  isAutoClosed: false,
  storageId: null,
})
const page = (conversations: Conversation[], extra: Partial<ConversationPage> = {}): ConversationPage => ({
  conversations,
  nextCursor: null,
  total: 4,
  unreadTotal: 5,
  ...extra,
})
const data = (): InfiniteData<ConversationPage> => ({
  pages: [page([conv('a', 2), conv('b')], { nextCursor: 'c1' }), page([conv('c', 3), conv('d')])],
  pageParams: ['', 'c1'],
})
const ids = (d: InfiniteData<ConversationPage> | undefined) => flattenConversations(d).map((c) => c._id)

describe('the conversation list in pages', () => {
  it('reads as one list, each conversation once (one that moved up between two reads stays where it is newest)', () => {
    const d = data()
    d.pages[1]!.conversations.push(conv('a'))
    expect(ids(d)).toEqual(['a', 'b', 'c', 'd'])
    expect(conversationTotals(d)).toEqual({ total: 4, unreadTotal: 5 })
  })

  it('reading a conversation on a later page lowers the badge total the first page carries', () => {
    const d = updateConversation(data(), 'c', (c) => ({ ...c, unreadCount: 0 }))!
    expect(flattenConversations(d).find((c) => c._id === 'c')!.unreadCount).toBe(0)
    expect(conversationTotals(d).unreadTotal).toBe(2)
    const same = data()
    expect(updateConversation(same, 'c', (c) => c)).toBe(same)
  })

  it('a sent message moves its conversation to the top of the first page', () => {
    const d = moveToTop(data(), 'd', (c) => ({ ...c, lastMessage: { content: 'new', timestamp: '2026-02-01T00:00:00.000Z' } }))!
    expect(ids(d)).toEqual(['d', 'a', 'b', 'c'])
    expect(d.pages[1]!.conversations.map((c) => c._id)).toEqual(['c'])
  })

  it('a deleted conversation leaves the list and the totals', () => {
    const d = removeConversation(data(), 'c')!
    expect(ids(d)).toEqual(['a', 'b', 'd'])
    expect(conversationTotals(d)).toEqual({ total: 3, unreadTotal: 2 })
  })
})
