// The conversation list as pages (api/conversations.ts): read as one list, and changed in place when a
// message is sent, a chat is read, or a conversation is deleted, without waiting for the next poll.
import type { InfiniteData } from '@tanstack/react-query'
import type { Conversation, ConversationPage } from '@contract/messaging'

type Pages = InfiniteData<ConversationPage>

/** Every loaded conversation once (a conversation that moved up between two pages' reads is kept where it is newest). */
export function flattenConversations(data: Pages | undefined): Conversation[] {
  if (!data) return []
  const seen = new Set<string>()
  const out: Conversation[] = []
  for (const page of data.pages) {
    for (const c of page.conversations) {
      if (seen.has(c._id)) continue
      seen.add(c._id)
      out.push(c)
    }
  }
  return out
}

/** The totals the header and the badge show: the first page carries them for the whole list. */
export const conversationTotals = (data: Pages | undefined) => ({ total: data?.pages[0]?.total ?? 0, unreadTotal: data?.pages[0]?.unreadTotal ?? 0 })

const mapPages = (data: Pages, fn: (page: ConversationPage, index: number) => ConversationPage): Pages => ({ ...data, pages: data.pages.map(fn) })

/** Changes one conversation where it is (and the badge's total with it); the same object back when nothing differs. */
export function updateConversation(data: Pages | undefined, otherUserId: string, fn: (c: Conversation) => Conversation): Pages | undefined {
  const existing = flattenConversations(data).find((c) => c._id === otherUserId)
  if (!data || !existing) return data
  const updated = fn(existing)
  if (updated === existing) return data
  const unreadDrop = existing.unreadCount - updated.unreadCount
  return mapPages(data, (page, i) => ({
    ...page,
    conversations: page.conversations.map((c) => (c._id === otherUserId ? updated : c)),
    ...(i === 0 ? { unreadTotal: Math.max(0, page.unreadTotal - unreadDrop) } : {}),
  }))
}

/** A conversation with new activity goes to the top of the first page. */
export function moveToTop(data: Pages | undefined, otherUserId: string, fn: (c: Conversation) => Conversation): Pages | undefined {
  const existing = flattenConversations(data).find((c) => c._id === otherUserId)
  if (!data || !existing) return data
  const updated = fn(existing)
  return mapPages(data, (page, i) => {
    const rest = page.conversations.filter((c) => c._id !== otherUserId)
    return i === 0 ? { ...page, conversations: [updated, ...rest] } : rest.length === page.conversations.length ? page : { ...page, conversations: rest }
  })
}

/** A deleted conversation leaves the list and its totals. */
export function removeConversation(data: Pages | undefined, otherUserId: string): Pages | undefined {
  const existing = flattenConversations(data).find((c) => c._id === otherUserId)
  if (!data || !existing) return data
  return mapPages(data, (page, i) => ({
    ...page,
    conversations: page.conversations.filter((c) => c._id !== otherUserId),
    ...(i === 0 ? { total: Math.max(0, page.total - 1), unreadTotal: Math.max(0, page.unreadTotal - existing.unreadCount) } : {}),
  }))
}
