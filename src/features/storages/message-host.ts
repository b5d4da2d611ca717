// "Message host": the messaging screen opens the chat with the user in navigation state (spec: Messages).
import { useNavigate, useRouterState, type HistoryState } from '@tanstack/react-router'
import { useAuth } from '../auth/auth-context'

export function useMessageHost() {
  const navigate = useNavigate()
  const { user } = useAuth()
  const here = useRouterState({ select: (s) => s.location.href })
  return (hostId: string) => {
    if (!user) return void navigate({ to: '/login', search: { redirect: here } })
    // The messaging feature reads recipientId from history state; /messages is its route.
    return void navigate({ href: '/messages', state: { recipientId: hostId } as HistoryState })
  }
}
