import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Conversation, ConversationPage } from '@contract/messaging'
import { conversationsQueryOptions } from './conversations'
import { totalUnread, useUnreadCount } from './unread-count'

const conv = (id: string, unreadCount: number): Conversation => ({
  _id: id,
  otherUser: { _id: id, firstName: id, lastName: 'X', email: `${id}@x.test` },
  lastMessage: { content: 'hi', timestamp: '2026-01-01T00:00:00.000Z' },
  unreadCount,
  updatedAt: '2026-01-01T00:00:00.000Z',
  isAutoClosed: false,
  storageId: null,
})

/** The first page as the server sends it: the unread total covers the whole list, loaded or not. */
const pages = (conversations: Conversation[], unreadTotal: number) => ({
  pages: [{ conversations, nextCursor: null, total: conversations.length, unreadTotal } satisfies ConversationPage],
  pageParams: [''],
})

function setup(seed?: ReturnType<typeof pages>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  if (seed) client.setQueryData(conversationsQueryOptions('me').queryKey, seed)
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>
  return { client, wrapper }
}

afterEach(() => vi.restoreAllMocks())

describe('unread count for the navigation', () => {
  it("reads the whole list's unread total from the first page, not only the loaded conversations", () => {
    expect(totalUnread(pages([], 0))).toBe(0)
    expect(totalUnread(pages([conv('a', 2), conv('b', 0)], 7))).toBe(7)
  })

  it("reads the conversation list's own cached query (no second poll) and shows '9+' above 9", async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { client, wrapper } = setup(pages([conv('a', 4), conv('b', 6)], 10))
    const { result } = renderHook(() => useUnreadCount('me'), { wrapper })
    expect(result.current).toEqual({ count: 10, label: '9+' })
    // Reading a chat zeroes its row in the list cache: the badge follows.
    client.setQueryData(conversationsQueryOptions('me').queryKey, pages([conv('a', 4), conv('b', 0)], 4))
    await waitFor(() => expect(result.current).toEqual({ count: 4, label: '4' }))
    expect(client.getQueryCache().findAll({ queryKey: ['conversations'] })).toHaveLength(1)
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('asks for nothing while signed out', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { wrapper } = setup()
    const { result } = renderHook(() => useUnreadCount(undefined), { wrapper })
    expect(result.current).toEqual({ count: 0, label: '0' })
    expect(fetchSpy).not.toHaveBeenCalled()
  })
})
