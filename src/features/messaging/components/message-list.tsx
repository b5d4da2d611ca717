// The chat's scrolling history: server messages then the outbox's pending ones, grouped for avatars.
// Scrolls to the bottom once when opened, stays at the bottom while the reader is there, and offers a
// scroll-to-bottom button beyond 100 px.
import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { OutboxRecord } from '../../../lib/outbox'
import type { Message } from '../../../schemas/messaging'
import { showsAvatar } from '../lib/grouping'
import { ImageViewer } from './image-viewer'
import { MessageBubble, OutboxBubble } from './message-bubble'

export const NEAR_BOTTOM_PX = 100

interface Props {
  chatKey: string
  userId: string
  me: { firstName: string; lastName: string }
  messages: Message[]
  outbox: OutboxRecord[]
  /** Bumped by the parent after a send: scroll down. */
  scrollSignal: number
  onRetry: (clientId: string) => void
  onDiscard: (clientId: string) => void
}

export function MessageList({ chatKey, userId, me, messages, outbox, scrollSignal, onRetry, onDiscard }: Props) {
  const scroller = useRef<HTMLDivElement>(null)
  const content = useRef<HTMLDivElement>(null)
  const nearBottom = useRef(true)
  const scrolledFor = useRef<string | null>(null)
  const [showJump, setShowJump] = useState(false)
  const [viewer, setViewer] = useState<string[] | null>(null)

  const toBottom = (smooth = false) => {
    const el = scroller.current
    if (el) el.scrollTo({ top: el.scrollHeight, behavior: smooth ? 'smooth' : 'auto' })
  }

  // Once per opened chat.
  useLayoutEffect(() => {
    if (scrolledFor.current === chatKey) return
    scrolledFor.current = chatKey
    nearBottom.current = true
    toBottom()
  }, [chatKey])

  // New lines (or photos finishing loading) keep a reader who is at the bottom there.
  useEffect(() => {
    const el = content.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(() => nearBottom.current && toBottom())
    ro.observe(el)
    return () => ro.disconnect()
  }, [])

  useEffect(() => {
    if (scrollSignal === 0) return
    nearBottom.current = true
    toBottom(true)
  }, [scrollSignal])

  const onScroll = () => {
    const el = scroller.current
    if (!el) return
    const distance = el.scrollHeight - el.scrollTop - el.clientHeight
    nearBottom.current = distance <= NEAR_BOTTOM_PX
    setShowJump(distance > NEAR_BOTTOM_PX)
  }

  const lines = [
    ...messages.map((m) => ({ senderId: m.sender._id, timestamp: m.timestamp, isSystem: m.isSystem })),
    ...outbox.map((r) => ({ senderId: userId, timestamp: r.createdAt, isSystem: false })),
  ]

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={scroller} onScroll={onScroll} className="h-full overflow-y-auto overscroll-contain px-3 py-4 sm:px-5" data-testid="message-scroller">
        <div ref={content}>
          {messages.map((m, i) => (
            <MessageBubble key={m._id} message={m} mine={m.sender._id === userId} avatar={showsAvatar(lines, i)} onOpenPhotos={setViewer} />
          ))}
          {outbox.map((r, i) => (
            <OutboxBubble
              key={r.clientId}
              record={r}
              me={me}
              avatar={showsAvatar(lines, messages.length + i)}
              onRetry={() => onRetry(r.clientId)}
              onDelete={() => onDiscard(r.clientId)}
            />
          ))}
        </div>
      </div>
      {showJump && (
        <button
          aria-label="Scroll to bottom"
          className="absolute right-4 bottom-4 grid h-10 w-10 place-items-center rounded-full border border-stone-200 bg-white text-stone-700 shadow-lg hover:bg-stone-50"
          onClick={() => toBottom(true)}
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
