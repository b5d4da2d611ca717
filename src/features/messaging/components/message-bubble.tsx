// One chat line: a centred pill for system messages, otherwise a bubble (mine right, theirs left) with
// the sender's avatar when grouping says so, the first photo, and pending (a clock) and failed states for
// the outbox.
import { memo, useEffect, useMemo, type ReactNode } from 'react'
import { Avatar } from '../../../components/layout/avatar'
import type { OutboxRecord } from '../../../lib/outbox'
import { IMAGE_CONTENT, type Message } from '@contract/messaging'
import { useLongPress } from '../hooks/use-long-press'
import { shortTime } from '../lib/format'
import { MessagePhoto } from './message-photo'

export function SystemPill({ content }: { content: string }) {
  return (
    <div className="my-3 flex justify-center" data-testid="system-message">
      <p className="max-w-[85%] rounded-full bg-stone-100 px-4 py-1.5 text-center text-xs font-medium text-stone-600">{content}</p>
    </div>
  )
}

interface RowProps {
  mine: boolean
  avatar: boolean
  sender: { firstName: string; lastName: string }
  time: string
  children: ReactNode
  footer?: ReactNode
  testId?: string
}

function BubbleRow({ mine, avatar, sender, time, children, footer, testId }: RowProps) {
  return (
    <div className={`flex gap-2 ${mine ? 'flex-row-reverse' : ''} ${avatar ? 'mt-3' : 'mt-0.5'}`} data-testid={testId}>
      {avatar ? <Avatar firstName={sender.firstName} lastName={sender.lastName} size="h-8 w-8 text-xs" /> : <span className="w-8 shrink-0" />}
      <div className={`flex max-w-[75%] flex-col ${mine ? 'items-end' : 'items-start'}`}>
        {avatar && <span className="mb-0.5 px-1 text-[11px] text-stone-500">{time}</span>}
        {children}
        {footer}
      </div>
    </div>
  )
}

const bubbleClass = (mine: boolean) =>
  `whitespace-pre-wrap break-words rounded-2xl px-3.5 py-2 text-[15px] leading-snug ${mine ? 'rounded-tr-md bg-brand-700 text-white' : 'rounded-tl-md bg-stone-100 text-stone-900'}`

const pendingBubbleClass =
  'whitespace-pre-wrap break-words rounded-2xl rounded-tr-md px-3.5 py-2 text-[15px] leading-snug bg-brand-50 text-brand-800 ring-1 ring-inset ring-brand-500'

/** A line of the chat: the same message renders the same, so a re-render of the list (each measured row moves the others) skips it. */
export const MessageBubble = memo(function MessageBubble({
  message,
  mine,
  avatar,
  onOpenPhotos,
  onMenu,
}: {
  message: Message
  mine: boolean
  avatar: boolean
  onOpenPhotos: (photos: string[]) => void
  /** Long-press or right-click on the other person's message (report it). */
  onMenu?: (message: Message) => void
}) {
  if (message.isSystem) return <SystemPill content={message.content} />
  const [first, ...rest] = message.photos
  const showText = !first || message.content !== IMAGE_CONTENT
  const body = (
    <>
      {first && <MessagePhoto photoId={first} more={rest.length} onOpen={() => onOpenPhotos(message.photos)} />}
      {showText && <p className={`${bubbleClass(mine)} ${first ? 'mt-1' : ''}`}>{message.content}</p>}
    </>
  )
  return (
    <BubbleRow mine={mine} avatar={avatar} sender={message.sender} time={shortTime(message.timestamp)} testId="message">
      {onMenu && !mine ? <MenuTarget onMenu={() => onMenu(message)}>{body}</MenuTarget> : body}
    </BubbleRow>
  )
})

/** The other person's bubble: a long press (touch) or right-click (mouse) opens its menu. */
function MenuTarget({ onMenu, children }: { onMenu: () => void; children: ReactNode }) {
  const press = useLongPress(onMenu)
  return (
    <div
      {...press}
      onContextMenu={(e) => {
        e.preventDefault()
        // A touch's long press already opened it (the browser's own context menu comes with it).
        if ((e.nativeEvent as PointerEvent).pointerType !== 'touch') onMenu()
      }}
      className="flex flex-col items-start select-none [-webkit-touch-callout:none]"
    >
      {children}
    </div>
  )
}

function LocalPhoto({ blob }: { blob: Blob }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob])
  useEffect(() => () => URL.revokeObjectURL(url), [url])
  return <img src={url} alt="Photo waiting to be sent" className="max-h-48 w-auto max-w-[min(15rem,60vw)] rounded-xl object-cover" />
}

export function OutboxBubble({
  record,
  me,
  avatar,
  onRetry,
  onDelete,
}: {
  record: OutboxRecord
  me: { firstName: string; lastName: string }
  avatar: boolean
  onRetry: () => void
  onDelete: () => void
}) {
  const failed = record.status === 'failed'
  const footer = failed ? (
    <div className="mt-1 flex flex-wrap items-center justify-end gap-2 text-xs" role="alert">
      <span className="w-full text-right text-red-700">{record.error ?? 'Not sent'}</span>
      <button className="font-semibold text-brand-700 underline" onClick={onRetry}>
        Retry
      </button>
      <button className="font-semibold text-red-700 underline" onClick={onDelete}>
        Delete
      </button>
    </div>
  ) : (
    <span className="mt-0.5 flex items-center gap-1 px-1 text-[11px] text-stone-500">
      <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden data-testid="pending-clock">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </svg>
      Waiting to send…
    </span>
  )
  const first = record.photos[0]
  return (
    <BubbleRow mine avatar={avatar} sender={me} time={shortTime(record.createdAt)} footer={footer} testId={failed ? 'failed-message' : 'pending-message'}>
      {/* Not yet sent: a pale bubble with dark text (a faded bubble's white text fell below 4.5:1), photo faded. */}
      <div className={failed ? 'rounded-2xl ring-2 ring-red-400' : undefined}>
        {first && (
          <div className={failed ? undefined : 'opacity-70'}>
            <LocalPhoto blob={first.blob} />
          </div>
        )}
        {record.content && <p className={failed ? bubbleClass(true) : pendingBubbleClass}>{record.content}</p>}
      </div>
    </BubbleRow>
  )
}
