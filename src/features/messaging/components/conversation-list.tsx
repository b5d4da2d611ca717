// The conversation list (spec: Messages screen): header with the count, the empty state, the hint and
// the long-press overlay 'Tap anywhere to cancel' on narrow screens. Only the rows on screen are in the
// page (a host may have hundreds of conversations); the next page is asked for near the end.
import { useEffect, useRef, useState } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { initialScrollerRect } from '../lib/scroller-rect'
import type { Conversation } from '@contract/messaging'
import { ConversationItem } from './conversation-item'
import { LongPressHint } from './long-press-hint'

interface Props {
  conversations: Conversation[]
  /** Every visible conversation, loaded or not (the header's count). */
  total: number
  hasMore: boolean
  loadingMore: boolean
  onLoadMore: () => void
  selectedId?: string
  narrow: boolean
  onOpen: (otherUserId: string) => void
  onDelete: (conversation: Conversation) => void
}

/** Rows this close to the end of what is loaded ask for the next page. */
const LOAD_MORE_ROWS = 10

export function ConversationList({ conversations, total, hasMore, loadingMore, onLoadMore, selectedId, narrow, onOpen, onDelete }: Props) {
  const [revealedId, setRevealedId] = useState<string | null>(null)
  const scroller = useRef<HTMLUListElement>(null)
  const virtualizer = useVirtualizer({
    count: conversations.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 72,
    // The first render already lays out a screenful (before the scroller has been measured, it would lay out none).
    initialRect: initialScrollerRect(),
    getItemKey: (index) => conversations[index]!._id,
    overscan: 8,
  })
  const items = virtualizer.getVirtualItems()
  const lastShown = items.at(-1)?.index ?? 0
  useEffect(() => {
    if (hasMore && !loadingMore && lastShown >= conversations.length - LOAD_MORE_ROWS) onLoadMore()
  }, [hasMore, loadingMore, lastShown, conversations.length, onLoadMore])

  const count = Math.max(total, conversations.length)
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 border-b border-stone-200 px-4 py-3">
        <h1 className="text-xl font-bold text-stone-900">Messages</h1>
        <span
          className="rounded-full bg-stone-100 px-2 py-0.5 text-sm font-semibold text-stone-600"
          data-testid="conversation-count"
          aria-label={`${count} conversations`}
        >
          {count}
        </span>
      </div>
      {narrow && conversations.length > 0 && <LongPressHint />}
      {conversations.length === 0 ? (
        <div className="grid flex-1 place-items-center px-6 py-16 text-center">
          <div>
            <p className="text-lg font-semibold text-stone-800">No conversations yet</p>
            <p className="mt-1 text-sm text-stone-500">Your messages will appear here</p>
          </div>
        </div>
      ) : (
        <ul ref={scroller} className="relative min-h-0 flex-1 overflow-y-auto" data-testid="conversation-scroller">
          <li aria-hidden className="block" style={{ height: virtualizer.getTotalSize() }} />
          {items.map((item) => {
            const c = conversations[item.index]!
            return (
              <ConversationItem
                key={item.key}
                ref={virtualizer.measureElement}
                index={item.index}
                start={item.start}
                conversation={c}
                selected={c._id === selectedId}
                narrow={narrow}
                revealed={revealedId === c._id}
                onOpen={() => onOpen(c._id)}
                onReveal={() => setRevealedId(c._id)}
                onDelete={() => {
                  setRevealedId(null)
                  onDelete(c)
                }}
              />
            )
          })}
          {loadingMore && (
            <li role="status" className="sticky bottom-0 bg-white/90 py-2 text-center text-xs text-stone-500">
              Loading more conversations…
            </li>
          )}
        </ul>
      )}
      {revealedId && (
        <div
          className="fixed inset-0 z-[45] flex items-end justify-center bg-black/40 pb-[calc(var(--bottom-nav-h,0px)+1.5rem)]"
          onClick={() => setRevealedId(null)}
          data-testid="long-press-overlay"
        >
          <p className="rounded-full bg-white/95 px-4 py-2 text-sm font-medium text-stone-700 shadow">Tap anywhere to cancel</p>
        </div>
      )}
    </div>
  )
}
