// Avatar grouping (spec: Messages screen): a message shows its sender's avatar only if it is the first,
// the sender changed, or more than 5 minutes passed since the previous message.
export const GROUP_GAP_MS = 5 * 60 * 1000

export interface Groupable {
  senderId: string
  timestamp: string
  isSystem?: boolean
}

export function showsAvatar(list: readonly Groupable[], index: number): boolean {
  const current = list[index]
  if (!current || current.isSystem) return false
  const previous = list[index - 1]
  if (!previous || previous.isSystem) return true
  if (previous.senderId !== current.senderId) return true
  return new Date(current.timestamp).getTime() - new Date(previous.timestamp).getTime() > GROUP_GAP_MS
}

/** Unread badge: the count, capped at '9+'. */
export const unreadBadge = (count: number) => (count > 9 ? '9+' : String(count))
