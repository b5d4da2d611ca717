// The Messages screen (spec 2): wide = list in the left third and the chat on the right; narrow (≤ 768
// px) = the list or the full-screen chat. Polls the list every 10 s (the pages loaded so far), loads
// more pages as the list is scrolled; deletes with confirmation.
import { useEffect, useState, type ComponentProps } from 'react'
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '../../../lib/toast'
import type { Conversation } from '@contract/messaging'
import { conversationsQueryOptions, deleteConversation } from '../api/conversations'
import { messagesQueryKey } from '../api/messages'
import { useIsNarrow } from '../hooks/use-media-query'
import { conversationTotals, flattenConversations, removeConversation } from '../lib/conversation-pages'
import { InvalidDataError, MESSAGES_TEXT } from '../lib/errors'
import { ChatPanel } from './chat-panel'
import { ConversationList } from './conversation-list'
import { DeleteDialog } from './delete-dialog'
import { ConversationListSkeleton, MessagesPageSkeleton } from './messages-skeleton'
import { RenderInSlices } from '../../../components/ui/render-in-slices'

interface Props {
  me: { id: string; firstName: string; lastName: string }
  chatId?: string
  recipientId?: string
  onOpen: (otherUserId: string) => void
  onClose: () => void
  onBack: () => void
  /** Opens the recipient's chat and clears the navigation state. */
  onRecipient: (otherUserId: string) => void
  aboveComposer?: ComponentProps<typeof ChatPanel>['aboveComposer']
  about?: ComponentProps<typeof ChatPanel>['about']
  headerExtra?: ComponentProps<typeof ChatPanel>['headerExtra']
  composerNote?: ComponentProps<typeof ChatPanel>['composerNote']
  cards?: ComponentProps<typeof ChatPanel>['cards']
  safety?: ComponentProps<typeof ChatPanel>['safety']
}

export function MessagesPage({
  me,
  chatId,
  recipientId,
  onOpen,
  onClose,
  onBack,
  onRecipient,
  aboveComposer,
  about,
  cards,
  safety,
  headerExtra,
  composerNote,
}: Props) {
  const narrow = useIsNarrow()
  const queryClient = useQueryClient()
  const listOptions = conversationsQueryOptions(me.id)
  const list = useInfiniteQuery(listOptions)
  const [toDelete, setToDelete] = useState<Conversation | null>(null)

  // A load that failed with nothing to show. A poll that fails while the list is on screen (a saved copy
  // on a bad connection) says nothing more: the banner already says Nookshare can't be reached.
  const failedEmpty = list.isError && !list.data
  useEffect(() => {
    if (failedEmpty) toast.error(list.error instanceof InvalidDataError ? MESSAGES_TEXT.invalidData : MESSAGES_TEXT.conversationsFailed)
  }, [failedEmpty, list.error, list.errorUpdateCount])

  useEffect(() => {
    if (recipientId && list.data) onRecipient(recipientId)
  }, [recipientId, list.data, onRecipient])

  const remove = useMutation({
    mutationFn: (otherUserId: string) => deleteConversation(otherUserId),
    onSuccess: (_, otherUserId) => {
      queryClient.setQueryData(listOptions.queryKey, (old) => removeConversation(old, otherUserId))
      queryClient.removeQueries({ queryKey: messagesQueryKey(me.id, otherUserId) })
      toast.success(MESSAGES_TEXT.deleted)
      setToDelete(null)
      if (chatId === otherUserId) onClose()
    },
    onError: () => toast.error(MESSAGES_TEXT.deleteFailed),
  })

  // A chat opened by a link does not wait for the list: both load at once.
  if (list.isPending && !chatId) return <MessagesPageSkeleton />
  const conversations = flattenConversations(list.data)
  const { total } = conversationTotals(list.data)
  const listProps = {
    conversations,
    total,
    hasMore: list.hasNextPage,
    loadingMore: list.isFetchingNextPage,
    onLoadMore: () => void list.fetchNextPage({ cancelRefetch: false }),
    onOpen,
    onDelete: setToDelete,
  }
  const selected = conversations.find((c) => c._id === chatId)

  const chat = chatId ? (
    <ChatPanel
      key={chatId}
      me={me}
      otherUserId={chatId}
      conversation={selected}
      narrow={narrow}
      onBack={onBack}
      onDelete={() => setToDelete(selected ?? null)}
      aboveComposer={aboveComposer}
      about={about}
      headerExtra={headerExtra}
      composerNote={composerNote}
      cards={cards}
      safety={safety}
    />
  ) : null

  return (
    <div className="mx-auto h-[calc(100dvh-3.5rem-var(--bottom-nav-h,0px)-var(--offline-banner-h,0px))] max-w-6xl md:p-4">
      <div className="flex h-full overflow-hidden bg-white md:rounded-2xl md:border md:border-stone-200 md:shadow-sm">
        {narrow ? (
          (chat ?? (
            <div className="w-full">
              {list.isPending ? (
                <ConversationListSkeleton />
              ) : (
                <RenderInSlices fallback={<ConversationListSkeleton />}>
                  <ConversationList {...listProps} narrow />
                </RenderInSlices>
              )}
            </div>
          ))
        ) : (
          <>
            <aside className="w-1/3 min-w-64 border-r border-stone-200">
              {list.isPending ? (
                <ConversationListSkeleton />
              ) : (
                <RenderInSlices fallback={<ConversationListSkeleton />}>
                  <ConversationList {...listProps} selectedId={chatId} narrow={false} />
                </RenderInSlices>
              )}
            </aside>
            <div className="min-w-0 flex-1">
              {chat ?? (
                <div className="grid h-full place-items-center p-8 text-center text-stone-500">
                  <div>
                    <p className="text-lg font-semibold text-stone-700">Select a conversation</p>
                    <p className="mt-1 text-sm">Choose someone on the left to read and reply.</p>
                  </div>
                </div>
              )}
            </div>
          </>
        )}
      </div>
      {toDelete && <DeleteDialog busy={remove.isPending} onCancel={() => setToDelete(null)} onConfirm={() => remove.mutate(toDelete._id)} />}
    </div>
  )
}
