// The signed-in user's unread total for the app's navigation (header, phone menu, bottom bar). It
// observes the conversation-list query itself, so it rides on the list's 10 s poll: no second request.
import { useQuery } from '@tanstack/react-query'
import type { Conversation } from '../../../schemas/messaging'
import { unreadBadge } from '../lib/grouping'
import { conversationsQueryOptions } from './conversations'

export interface UnreadCount {
  count: number
  /** What the badge shows: the count, '9+' above 9. */
  label: string
}

export const totalUnread = (conversations: Conversation[]) => conversations.reduce((n, c) => n + Math.max(0, c.unreadCount), 0)

/** 0 while signed out (the query does not run) or before the first answer. */
export function useUnreadCount(userId: string | undefined): UnreadCount {
  const { data: count = 0 } = useQuery({ ...conversationsQueryOptions(userId ?? ''), enabled: Boolean(userId), select: totalUnread })
  return { count, label: unreadBadge(count) }
}
