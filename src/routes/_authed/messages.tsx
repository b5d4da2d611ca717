import { useCallback } from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { createFileRoute, useRouter, useRouterState } from '@tanstack/react-router'
import { text } from '../../lib/search-params'
import { useSignedInUser } from '../../features/auth/signed-in-user'
import { ArrangeVisitButton, ChatCards, ChatInviteButton } from './-messages/chat-cards'
import { ChatBookingNotice } from '../../features/bookings/components/chat-booking-notice'
import { MessagesPage } from '../../features/messaging/components/messages-page'
import { EnablePushPrompt } from '../../features/notifications/components/enable-push-prompt'
import { MessagesPageSkeleton } from '../../features/messaging/components/messages-skeleton'
import { useChatSafety } from '../../features/safety/components/chat-safety'
import { loadInfiniteQuery } from '../../lib/offline-first-load'
import { askForLatestPage } from '../../features/messaging/api/first-page'
import { messagingKeys } from '../../features/messaging/api/keys'
import { titleHead } from '../../lib/page-title'
import { ContactNote } from '../../features/trust/components/contact-note'
import { UserBadges } from '../../features/trust/components/verified-badges'
import { ChatAboutListing } from '../../features/storages/components/chat-about-listing'
import { useSupportRecipient } from '../../features/account/hooks/use-support-recipient'

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Set by "Message the host" links: open (or start) the chat with this user. */
    recipientId?: string
  }
}

// `support`: "Contact support" links open the chat with the Nookshare team; `about`: the listing a
// "Message host" chat is about (its first message carries it; above the composer, the listing the
// conversation is about, this one or the one the server keeps for it).
const search = (raw: Record<string, unknown>): { chat?: string; support?: true; about?: string } => ({
  chat: text(raw.chat, { max: 36, pattern: /^[0-9a-f-]{36}$/i }),
  about: text(raw.about, { max: 64, pattern: /^[A-Za-z0-9_-]+$/ }),
  support: raw.support === true || raw.support === '1' || raw.support === 1 ? true : undefined,
})

export const Route = createFileRoute('/_authed/messages')({
  head: () => titleHead('Messages'),
  validateSearch: search,
  // The list and the open chat are asked for alongside the profile, not after it (one round trip less
  // on a phone): the user's id as this session last saw it (the _authed gate's) keys them; the component
  // reads the same. From beforeLoad, not a loader: a signed-in page's loader comes with its page's code
  // (vite.config.ts, codeSplittingOptions) and so ran 0.4-0.6 s later on the low-tier phone
  // (docs/benchmarks.md, chat). Not waited for: the skeleton would hold the composer back; on a link that
  // swallows requests, the list as last seen meanwhile (the chat opens from its own copy, saved-chats.ts).
  // If this code cannot load (offline before the worker has it), the page's own chunk fails alike.
  beforeLoad: ({ context: { queryClient, userId }, search: { chat } }) => void askForChat(queryClient, userId, chat).catch(() => {}),
  pendingComponent: MessagesPageSkeleton,
  // The skeleton has the page's shape: once the page's code is in it goes at once (the router's default keeps
  // a skeleton on screen at least 500 ms once shown, which held the page back by up to that long).
  pendingMinMs: 0,
  component: MessagesRoute,
})

/** The messaging API is imported here, not at the top: the route's options are in the startup bundle. */
async function askForChat(queryClient: QueryClient, userId: string, chat: string | undefined) {
  if (chat) askForLatestPage(userId, chat, queryClient.getQueryData(messagingKeys.messages(userId, chat)) !== undefined)
  const [{ conversationsQueryOptions }, { messagesQueryOptions }] = await Promise.all([
    import('../../features/messaging/api/conversations'),
    import('../../features/messaging/api/messages'),
  ])
  void loadInfiniteQuery(queryClient, conversationsQueryOptions(userId)).catch(() => {})
  if (chat) void queryClient.prefetchQuery(messagesQueryOptions(userId, chat))
}

function MessagesRoute() {
  const user = useSignedInUser()
  const { chat, support, about } = Route.useSearch()
  const supportId = useSupportRecipient(user.id, Boolean(support) && !chat)
  const navigate = Route.useNavigate()
  const router = useRouter()
  const recipientId = useRouterState({ select: (s) => s.location.state.recipientId })

  const onOpen = useCallback((id: string) => void navigate({ search: { chat: id } }), [navigate])
  const onClose = useCallback(() => void navigate({ search: {}, replace: true }), [navigate])
  // A chat opened by a link (a notification, a shortcut, a fresh tab) has no app page before it: back
  // would leave the app (the installed app closes), so it shows the list instead.
  const onBack = useCallback(() => (router.history.canGoBack() ? router.history.back() : onClose()), [router, onClose])
  const onRecipient = useCallback((id: string) => void navigate({ search: { chat: id }, replace: true, state: {} }), [navigate])
  const safety = useChatSafety(user.id)

  return (
    <>
      {safety.dialogs}
      <MessagesPage
        me={user}
        chatId={chat}
        recipientId={recipientId ?? supportId}
        onOpen={onOpen}
        onClose={onClose}
        onBack={onBack}
        onRecipient={onRecipient}
        about={about}
        aboveComposer={(other, storageId) => (
          <>
            {storageId && <ChatAboutListing storageId={storageId} />}
            <ChatBookingNotice userId={user.id} otherUserId={other._id} />
            {/* The pair's actions, in one row (hidden when neither applies). */}
            <div className="flex flex-wrap items-center justify-end gap-x-4 gap-y-1 border-t border-stone-100 px-3 py-1 empty:hidden">
              <ArrangeVisitButton userId={user.id} otherUserId={other._id} />
              <ChatInviteButton userId={user.id} other={other} />
            </div>
            <EnablePushPrompt userId={user.id} otherName={other.firstName} />
          </>
        )}
        safety={safety.slots}
        cards={ChatCards}
        headerExtra={(otherId) => <UserBadges userId={otherId} className="shrink-0 flex-nowrap" />}
        composerNote={(otherId, draft, previous) => <ContactNote otherUserId={otherId} draft={draft} previous={previous} />}
      />
    </>
  )
}
