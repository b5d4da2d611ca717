// "Message host": the chat with the host, about this listing (/messages?chat=&about=, spec: Messages). A
// visitor logs in first and comes back to that chat, not to the listing.
import { useNavigate, useRouter } from '@tanstack/react-router'
import { hasStoredSession, useAuth } from '../auth/auth-context'

export function useMessageHost() {
  const navigate = useNavigate()
  const router = useRouter()
  const { user } = useAuth()
  return (hostId: string, storageId: string) => {
    const chat = { to: '/messages', search: { chat: hostId, about: storageId } } as const
    // A stored session still loading (a click right after the page opened) is not a visitor: /messages'
    // own gate waits for it, and sends to /login only if it has ended.
    if (!user && !hasStoredSession()) return void navigate({ to: '/login', search: { redirect: router.buildLocation(chat).href } })
    return void navigate(chat)
  }
}
