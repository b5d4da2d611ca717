// "Message host": the messaging screen opens the chat with the user in navigation state (spec: Messages).
import { useNavigate, useRouterState, type HistoryState } from '@tanstack/react-router'
import { useAuth } from '../auth/auth-context'
import { LS, readLocal } from '../../lib/storage-keys'

export function useMessageHost() {
  const navigate = useNavigate()
  const { user } = useAuth()
  const here = useRouterState({ select: (s) => s.location.href })
  return (hostId: string) => {
    // A stored session still loading (a click right after the page opened) is not a visitor: /messages'
    // own gate waits for it, and sends to /login only if it has ended.
    if (!user && readLocal(LS.token) === null) return void navigate({ to: '/login', search: { redirect: here } })
    // The messaging feature reads recipientId from history state; /messages is its route.
    return void navigate({ href: '/messages', state: { recipientId: hostId } as HistoryState })
  }
}
