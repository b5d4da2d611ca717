// Reports the unread total to the app's layout (header, phone menu, bottom bar). A component of its own
// so the layout can load it lazily: the conversation list's schema (zod) stays out of the first load.
import { useEffect } from 'react'
import { useUnreadCount, type UnreadCount } from '../api/unread-count'

export function UnreadCountSource({ userId, onChange }: { userId: string; onChange: (unread: UnreadCount) => void }) {
  const { count, label } = useUnreadCount(userId)
  useEffect(() => onChange({ count, label }), [count, label, onChange])
  return null
}
