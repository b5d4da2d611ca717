// The signed-in user's unread total for the app's navigation (header, phone menu, bottom bar). It
// observes the conversation-list query itself, so it rides on the list's 10 s poll: no second request.
// The server puts the whole list's total on every page, so the badge is right however few pages are loaded.
import { useInfiniteQuery } from '@tanstack/react-query'
import { conversationTotals } from '../lib/conversation-pages'
import { unreadBadge } from '../lib/grouping'
import { conversationsQueryOptions, type ConversationPages } from './conversations'

export interface UnreadCount {
  count: number
  /** What the badge shows: the count, '9+' above 9. */
  label: string
}

export const totalUnread = (data: ConversationPages) => conversationTotals(data).unreadTotal

/** 0 while signed out (the query does not run) or before the first answer. */
export function useUnreadCount(userId: string | undefined): UnreadCount {
  const { data: count = 0 } = useInfiniteQuery({ ...conversationsQueryOptions(userId ?? ''), enabled: Boolean(userId), select: totalUnread })
  return { count, label: unreadBadge(count) }
}
