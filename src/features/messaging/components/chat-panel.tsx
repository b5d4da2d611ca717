// The open chat (spec 4, Conversation/Sending/Polling): the latest page, then what is new polled every
// 3 s, older pages as the reader scrolls up, the outbox's pending and failed ones after them, "Seen"
// under my last message once read, and the composer unless the conversation is auto-closed. It opens
// from the copy saved on the device when there is one (at once, even offline or on lie-fi), with its
// age while the server cannot be reached.
import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { OfflineAge } from '../../../components/ui/offline-age'
import { Spinner } from '../../../components/ui/spinner'
import { LS_DRAFT_PREFIX } from '../../../lib/storage-keys'
import { toast } from '../../../lib/toast'
import type { Conversation, Message, OtherUser } from '@contract/messaging'
import { conversationsQueryOptions } from '../api/conversations'
import { loadOlderMessages, messagesQueryOptions, readSavedWindow } from '../api/messages'
import { seenMessageId, sentMessageId } from '../lib/chat-window'
import { updateConversation } from '../lib/conversation-pages'
import { loadMessagesError, MESSAGES_TEXT } from '../lib/errors'
import { useSendMessage } from '../hooks/use-send-message'
import { discardRecord, outboxQueryOptions, retryRecord } from '../outbox/outbox-client'
import { ChatHeader } from './chat-header'
import { Composer } from './composer'
import { MessageList, type ExtraRow } from './message-list'

interface Props {
  me: { id: string; firstName: string; lastName: string }
  otherUserId: string
  conversation?: Conversation
  narrow: boolean
  onBack: () => void
  onDelete: () => void
  /** Shown above the composer of an open conversation (the route puts the notification offer here). */
  aboveComposer?: (other: { _id: string; firstName: string }, storageId: string | undefined) => ReactNode
  /** The listing the chat was opened about ("Message host"): a message sent from it says so. */
  about?: string
  /** Beside the other user's name (the route puts their verified badges here). */
  headerExtra?: (otherUserId: string) => ReactNode
  /** Above the input, given the draft and my own last texts (the route puts the contact-protection note here). */
  composerNote?: (otherUserId: string, draft: string, myRecentTexts: string[]) => ReactNode
  /** Cards shown among the messages (the route puts the move-in/move-out checks here); renders its own dialogs. */
  cards?: ComponentType<{ userId: string; otherUserId: string; onRows: (rows: ExtraRow[]) => void }>
  /** Report and block (the route fills it from another feature). */
  safety?: ChatSafetySlots
}

export interface ChatSafetySlots {
  /** Buttons in the chat header, before delete (a "More" menu). */
  headerActions?: (other: OtherUser) => ReactNode
  /** Decides whether the composer shows or a note replaces it (a block). */
  composerGate?: (other: OtherUser, composer: ReactNode) => ReactNode
  /** Long-press or right-click on the other person's message (stable: the bubbles are memoised). */
  onMessageMenu?: (message: Message) => void
  /** A send was refused or failed (perhaps a block since the chat opened): the slot may look again. */
  onSendFailed?: (otherUserId: string) => void
}

/** My texts among the chat's last four messages, oldest first (at most two): what the server reads a draft after. */
const myRecentTexts = (messages: readonly Message[], myId: string) =>
  messages
    .slice(-4)
    .filter((m) => m.sender._id === myId && !m.isSystem)
    .slice(-2)
    .map((m) => m.content)

export function ChatPanel({
  me,
  otherUserId,
  conversation,
  narrow,
  onBack,
  onDelete,
  aboveComposer,
  about,
  cards: Cards,
  safety,
  headerExtra,
  composerNote,
}: Props) {
  const queryClient = useQueryClient()
  const query = useQuery(messagesQueryOptions(me.id, otherUserId))
  const outbox = useQuery(outboxQueryOptions(me.id))
  // The conversation's listing as the server has it; a chat opened about another one (or before the
  // server knows) sends that one with each message until the server has it.
  const storageId = query.data?.storageId ?? conversation?.storageId ?? undefined
  const { send } = useSendMessage(me.id, otherUserId, about && about !== storageId ? about : undefined)
  const [scrollSignal, setScrollSignal] = useState(0)
  const [cardRows, setCardRows] = useState<ExtraRow[]>([])
  const older = useMutation({ mutationFn: () => loadOlderMessages(queryClient, me.id, otherUserId) })

  // The saved copy shows at once, while the network is asked what is new (or does not answer).
  useEffect(() => {
    let live = true
    const { queryKey } = messagesQueryOptions(me.id, otherUserId)
    void readSavedWindow(me.id, otherUserId).then((copy) => {
      if (live && copy && queryClient.getQueryData(queryKey) === undefined) queryClient.setQueryData(queryKey, copy.value, { updatedAt: copy.savedAt })
    })
    return () => {
      live = false
    }
  }, [queryClient, me.id, otherUserId])

  // A failed poll after a good load: one toast per failure streak.
  const hadError = useRef(false)
  useEffect(() => {
    if (query.isRefetchError && !hadError.current) toast.error(MESSAGES_TEXT.pollFailed)
    hadError.current = query.isRefetchError
  }, [query.isRefetchError, query.errorUpdateCount])

  // Reading marks the conversation read on the server, and the chat may hold newer lines than the
  // list's last poll: show both in the list at once (same reference when nothing differs).
  useEffect(() => {
    const last = query.data?.messages.at(-1)
    if (!query.data) return
    queryClient.setQueryData(conversationsQueryOptions(me.id).queryKey, (old) =>
      updateConversation(old, otherUserId, (entry) => {
        const newer = last && (!entry.lastMessage || last.timestamp > entry.lastMessage.timestamp)
        const lastMessage = newer ? { content: last.content, timestamp: last.timestamp } : entry.lastMessage
        return entry.unreadCount > 0 || newer ? { ...entry, unreadCount: 0, lastMessage } : entry
      }),
    )
  }, [query.data, queryClient, me.id, otherUserId])

  const serverClientIds = useMemo(() => new Set(query.data?.messages.map((m) => m.clientId).filter(Boolean)), [query.data])
  const pending = useMemo(
    () => (outbox.data ?? []).filter((r) => r.receiverId === otherUserId && !serverClientIds.has(r.clientId)),
    [outbox.data, otherUserId, serverClientIds],
  )

  // A queued message the server refused (perhaps a block made since the chat opened): the safety slot looks
  // again, once per refused message.
  const failedIds = pending
    .filter((r) => r.status === 'failed')
    .map((r) => r.clientId)
    .join(',')
  const onSendFailed = safety?.onSendFailed
  useEffect(() => {
    if (failedIds) onSendFailed?.(otherUserId)
  }, [failedIds, onSendFailed, otherUserId])

  const other = query.data?.otherUser ?? conversation?.otherUser
  const lastMessage = query.data?.messages.at(-1)?.timestamp ?? conversation?.lastMessage?.timestamp ?? null
  const wrap = (body: React.ReactNode) => (
    <section
      aria-label="Chat"
      className={narrow ? 'fixed inset-0 z-50 flex flex-col bg-white' : 'flex h-full min-h-0 flex-col bg-white'}
      data-testid="chat-panel"
    >
      {other && (
        <ChatHeader
          other={other}
          lastActive={lastMessage}
          narrow={narrow}
          onBack={onBack}
          onDelete={onDelete}
          actions={safety?.headerActions?.(other)}
          extra={headerExtra?.(otherUserId)}
        />
      )}
      {body}
      {Cards && <Cards key={otherUserId} userId={me.id} otherUserId={otherUserId} onRows={setCardRows} />}
    </section>
  )

  if (query.isPending)
    return wrap(
      <div className="grid flex-1 place-items-center">
        <Spinner className="h-8 w-8" />
      </div>,
    )
  if (query.isError && !query.data)
    return wrap(
      <div className="grid flex-1 place-items-center p-6 text-center">
        <div>
          {narrow && !other && (
            <button className="btn-secondary mb-4" onClick={onBack}>
              Back
            </button>
          )}
          <p role="alert" className="text-stone-700">
            {loadMessagesError(query.error)}
          </p>
          <button className="btn-primary mt-4" onClick={() => void query.refetch()}>
            Try again
          </button>
        </div>
      </div>,
    )

  const { messages, isAutoClosed, hasOlder } = query.data
  const gate = (composer: ReactNode) => (other && safety?.composerGate ? safety.composerGate(other, composer) : composer)
  const empty = messages.length === 0 && pending.length === 0
  return wrap(
    <>
      <OfflineAge updatedAt={query.dataUpdatedAt} className="mx-3 mt-2" />
      {empty ? (
        <div className="grid flex-1 place-items-center p-6 text-center text-stone-500">
          <div>
            <p className="font-semibold text-stone-700">No messages yet</p>
            <p className="mt-1 text-sm">Start the conversation!</p>
          </div>
        </div>
      ) : (
        <MessageList
          chatKey={otherUserId}
          userId={me.id}
          me={me}
          messages={messages}
          outbox={pending}
          seenId={seenMessageId(query.data, me.id)}
          sentId={sentMessageId(query.data, me.id)}
          hasOlder={hasOlder}
          loadingOlder={older.isPending}
          onLoadOlder={() => older.mutate()}
          scrollSignal={scrollSignal}
          onRetry={(id) => void retryRecord(queryClient, me.id, id)}
          onDiscard={(id) => void discardRecord(queryClient, me.id, id)}
          extraRows={cardRows}
          onMessageMenu={safety?.onMessageMenu}
        />
      )}
      {isAutoClosed ? (
        <p className="border-t border-stone-200 bg-stone-50 px-4 py-3 text-center text-sm text-stone-600" data-testid="conversation-closed">
          This conversation is closed. You can read it, but new messages can no longer be sent.
        </p>
      ) : (
        gate(
          <>
            {other && aboveComposer?.(other, about ?? storageId)}
            <Composer
              draftKey={`${LS_DRAFT_PREFIX}${me.id}:${otherUserId}`}
              note={composerNote && ((draft) => composerNote(otherUserId, draft, myRecentTexts(messages, me.id)))}
              onSend={async (text, photos) => {
                const ok = await send(text, photos)
                if (ok) setScrollSignal((n) => n + 1)
                else onSendFailed?.(otherUserId)
                return ok
              }}
            />
          </>,
        )
      )}
    </>,
  )
}
