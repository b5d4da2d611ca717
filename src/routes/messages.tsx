import { useCallback, useEffect } from 'react'
import { createFileRoute, useRouter, useRouterState } from '@tanstack/react-router'
import { text } from '../lib/search-params'
import { PageSpinner } from '../components/ui/spinner'
import { useAuth } from '../features/auth/auth-context'
import { requireAuth } from '../features/auth/require-auth'
import { MessagesPage } from '../features/messaging/components/messages-page'
import { titleHead } from '../lib/page-title'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set by "Message the host" links: open (or start) the chat with this user. */
    recipientId?: string
  }
}

const search = (raw: Record<string, unknown>): { chat?: string } => ({ chat: text(raw.chat, { max: 36, pattern: /^[0-9a-f-]{36}$/i }) })

export const Route = createFileRoute('/messages')({
  head: () => titleHead('Messages'),
  validateSearch: search,
  beforeLoad: requireAuth,
  component: MessagesRoute,
})

function MessagesRoute() {
  const { user, isLoading, refresh } = useAuth()
  const { chat } = Route.useSearch()
  const navigate = Route.useNavigate()
  const router = useRouter()
  const recipientId = useRouterState({ select: (s) => s.location.state.recipientId })

  useEffect(() => {
    if (!user && !isLoading) void refresh()
  }, [user, isLoading, refresh])

  const onOpen = useCallback((id: string) => void navigate({ search: { chat: id } }), [navigate])
  const onClose = useCallback(() => void navigate({ search: {}, replace: true }), [navigate])
  const onBack = useCallback(() => router.history.back(), [router])
  const onRecipient = useCallback((id: string) => void navigate({ search: { chat: id }, replace: true, state: {} }), [navigate])

  if (!user) return <PageSpinner />
  return <MessagesPage me={user} chatId={chat} recipientId={recipientId} onOpen={onOpen} onClose={onClose} onBack={onBack} onRecipient={onRecipient} />
}
