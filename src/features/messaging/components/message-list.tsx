// The chat's scrolling history: server messages then the outbox's pending ones, grouped for avatars.
// Only the rows on screen (and a few beyond) are in the page, so a year of messages costs what a screen
// does. It scrolls to the bottom once when opened, follows new lines while the reader is at the bottom,
// keeps the line being read in place when older pages arrive above (the virtualizer anchors to the
// end), asks for an older page near the top, and offers a scroll-to-bottom button beyond 100 px.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useVirtualizer } from '@tanstack/react-virtual'
import { initialScrollerRect } from '../lib/scroller-rect'
import type { OutboxRecord } from '../../../lib/outbox'
import type { Message } from '@contract/messaging'
import { showsAvatar } from '../lib/grouping'
import { ImageViewer } from './image-viewer'
import { MessageBubble, OutboxBubble } from './message-bubble'

export const NEAR_BOTTOM_PX = 100
/** How close to the top the reader gets before the page before is asked for. */
const LOAD_OLDER_PX = 600

interface Props {
  chatKey: string
  userId: string
  me: { firstName: string; lastName: string }
  messages: Message[]
  outbox: OutboxRecord[]
  /** The message that shows "Seen" under it (my last one, once the other side has read it). */
  seenId?: string
  /** My last message while the server has it but the other side has not read it ("Sent"). */
  sentId?: string
  hasOlder: boolean
  loadingOlder: boolean
  onLoadOlder: () => void
  /** Bumped by the parent after a send: scroll down. */
  scrollSignal: number
  onRetry: (clientId: string) => void
  onDiscard: (clientId: string) => void
  /** Cards another feature shows among the messages at their time (move-in/move-out checks). */
  extraRows?: ExtraRow[]
  onMessageMenu?: (message: Message) => void
}

export interface ExtraRow {
  key: string
  /** ISO time: the card sits after the messages sent before it. */
  at: string
  node: ReactNode
}

type Row = { kind: 'message'; message: Message } | { kind: 'outbox'; record: OutboxRecord } | { kind: 'extra'; extra: ExtraRow }
const rowKey = (row: Row) => (row.kind === 'message' ? row.message._id : row.kind === 'extra' ? `extra:${row.extra.key}` : `outbox:${row.record.clientId}`)

/** Messages with the cards slotted in by time (a card older than the loaded page goes first). */
function withExtras(messages: Message[], extras: ExtraRow[] | undefined): Row[] {
  const rows: Row[] = messages.map((message) => ({ kind: 'message' as const, message }))
  if (!extras?.length) return rows
  for (const extra of [...extras].sort((a, b) => a.at.localeCompare(b.at))) {
    const i = rows.findIndex((r) => r.kind === 'message' && r.message.timestamp > extra.at)
    rows.splice(i === -1 ? rows.length : i, 0, { kind: 'extra', extra })
  }
  return rows
}

export function MessageList({
  chatKey,
  userId,
  me,
  messages,
  outbox,
  seenId,
  sentId,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  scrollSignal,
  onRetry,
  onDiscard,
  extraRows,
  onMessageMenu,
}: Props) {
  const scroller = useRef<HTMLDivElement>(null)
  const [showJump, setShowJump] = useState(false)
  const [viewer, setViewer] = useState<string[] | null>(null)

  const rows = useMemo<Row[]>(
    () => [...withExtras(messages, extraRows), ...outbox.map((record) => ({ kind: 'outbox' as const, record }))],
    [messages, outbox, extraRows],
  )
  const lines = useMemo(
    () =>
      rows.map((r) =>
        r.kind === 'message'
          ? { senderId: r.message.sender._id, timestamp: r.message.timestamp, isSystem: r.message.isSystem }
          : r.kind === 'extra'
            ? { senderId: '', timestamp: r.extra.at, isSystem: true }
            : { senderId: userId, timestamp: r.record.createdAt },
      ),
    [rows, userId],
  )

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => 60,
    // The first render already lays out a screenful (before the scroller has been measured, it would lay out none).
    initialRect: initialScrollerRect(),
    getItemKey: (index) => rowKey(rows[index]!),
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: NEAR_BOTTOM_PX,
    overscan: 6,
    paddingStart: 28,
    paddingEnd: 16,
  })

  // Once per opened chat.
  const scrolledFor = useRef<string | null>(null)
  const atEnd = useRef(true)
  const seenTop = useRef(0)
  useLayoutEffect(() => {
    if (scrolledFor.current === chatKey || rows.length === 0) return
    scrolledFor.current = chatKey
    atEnd.current = true
    seenTop.current = 0
    virtualizer.scrollToEnd()
  }, [chatKey, rows.length, virtualizer])

  // While the reader is at the bottom, the newest line stays in view: the virtualizer follows a line added
  // at the end, but not a card slotted in above the newest lines (it keeps the top line in place), nor the
  // history getting shorter as a panel shows above the composer (the notification prompt, a booking notice).
  // A scroll's event comes with the next frame: until then only the position says the reader went up, and a
  // follow in between (a poll's answer, a card) would take them back down (seen once in CI).
  const followEnd = useCallback(() => {
    const el = scroller.current
    if (el && atEnd.current && el.scrollTop >= seenTop.current - 1) virtualizer.scrollToEnd()
  }, [virtualizer])
  useLayoutEffect(() => {
    if (scrolledFor.current === chatKey) followEnd()
  }, [rows, chatKey, followEnd])
  useEffect(() => {
    const el = scroller.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(followEnd)
    observer.observe(el)
    return () => observer.disconnect()
  }, [followEnd])

  useEffect(() => {
    if (scrollSignal > 0) virtualizer.scrollToEnd({ behavior: 'smooth' })
  }, [scrollSignal, virtualizer])

  const onScroll = () => {
    const el = scroller.current
    if (!el) return
    const away = el.scrollHeight - el.scrollTop - el.clientHeight > NEAR_BOTTOM_PX
    atEnd.current = !away
    seenTop.current = el.scrollTop
    setShowJump(away)
    if (el.scrollTop < LOAD_OLDER_PX && hasOlder && !loadingOlder) onLoadOlder()
  }

  const items = virtualizer.getVirtualItems()
  return (
    <div className="relative min-h-0 flex-1">
      {/* Focusable, so a keyboard scrolls the history even when no message in view holds a control (axe). */}
      <div
        ref={scroller}
        onScroll={onScroll}
        tabIndex={0}
        role="region"
        aria-label="Messages"
        className="h-full overflow-y-auto overscroll-contain px-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-700 sm:px-5"
        data-testid="message-scroller"
      >
        <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
          {/* In the list's top padding, so it never moves the lines below it. */}
          {hasOlder && loadingOlder && (
            <p className="absolute top-1 w-full text-center text-xs text-stone-500" role="status" data-testid="older-status">
              Loading earlier messages…
            </p>
          )}
          {items.map((item) => {
            const row = rows[item.index]!
            return (
              // flow-root: a bubble's top margin counts in the row's measured height.
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="absolute top-0 left-0 flow-root w-full"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                {row.kind === 'extra' ? (
                  row.extra.node
                ) : row.kind === 'message' ? (
                  <>
                    <MessageBubble
                      message={row.message}
                      mine={row.message.sender._id === userId}
                      avatar={showsAvatar(lines, item.index)}
                      onOpenPhotos={setViewer}
                      onMenu={onMessageMenu}
                    />
                    {row.message._id === seenId && (
                      <p className="mt-0.5 pr-10 text-right text-[11px] font-medium text-stone-500" data-testid="seen">
                        Seen
                      </p>
                    )}
                    {row.message._id === sentId && (
                      <p className="mt-0.5 flex items-center justify-end gap-1 pr-10 text-[11px] text-stone-500" data-testid="sent">
                        <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden>
                          <path d="M5 12l5 5L20 7" />
                        </svg>
                        Sent
                      </p>
                    )}
                  </>
                ) : (
                  <OutboxBubble
                    record={row.record}
                    me={me}
                    avatar={showsAvatar(lines, item.index)}
                    onRetry={() => onRetry(row.record.clientId)}
                    onDelete={() => onDiscard(row.record.clientId)}
                  />
                )}
              </div>
            )
          })}
        </div>
      </div>
      {showJump && (
        <button
          aria-label="Scroll to bottom"
          className="absolute right-4 bottom-4 grid h-10 w-10 place-items-center rounded-full border border-stone-200 bg-white text-stone-700 shadow-lg hover:bg-stone-50"
          onClick={() => virtualizer.scrollToEnd({ behavior: 'smooth' })}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
            <path d="M12 5v14M5 12l7 7 7-7" />
          </svg>
        </button>
      )}
      {viewer && <ImageViewer photos={viewer} onClose={() => setViewer(null)} />}
    </div>
  )
}
