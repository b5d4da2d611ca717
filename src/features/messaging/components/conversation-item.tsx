// One row of the conversation list: avatar, name, last message, time and unread badge. Narrow screens
// reveal a delete button on a 500 ms long-press; wide screens show it on hover or focus. A tap marks the row
// at once and opens the chat after that frame is painted: the chat's first render is long on a slow phone,
// and the tap would otherwise show nothing until it is done (its INP: `npm run bench -- lighthouse`).
import { useState, type Ref } from 'react'
import { afterNextPaint } from '../../../lib/after-paint'
import { Avatar } from '../../../components/layout/avatar'
import { IMAGE_CONTENT, type Conversation } from '@contract/messaging'
import { useLongPress } from '../hooks/use-long-press'
import { fullName, shortTime } from '../lib/format'
import { unreadBadge } from '../lib/grouping'
import { TrashIcon } from '../../../components/ui/trash-icon'

interface Props {
  /** The list is virtualized: the row measures itself and sits at `start`. */
  ref: Ref<HTMLLIElement>
  index: number
  start: number
  conversation: Conversation
  selected: boolean
  narrow: boolean
  revealed: boolean
  onOpen: () => void
  onReveal: () => void
  onDelete: () => void
}

export function ConversationItem({ ref, index, start, conversation: c, selected, narrow, revealed, onOpen, onReveal, onDelete }: Props) {
  const longPress = useLongPress(onReveal)
  const preview = c.lastMessage ? (c.lastMessage.content === IMAGE_CONTENT ? 'Sent a photo' : c.lastMessage.content) : ''
  const name = fullName(c.otherUser)
  const [opening, setOpening] = useState(false)
  const open = () => {
    if (opening) return // a second tap before the chat opened: once is enough
    setOpening(true)
    afterNextPaint(() => {
      onOpen()
      setOpening(false)
    })
  }
  return (
    <li
      ref={ref}
      data-index={index}
      style={{ transform: `translateY(${start}px)` }}
      className={`group absolute top-0 left-0 w-full border-b border-stone-100 ${revealed ? 'z-50' : ''}`}
      data-testid="conversation"
    >
      <button
        {...(narrow ? longPress : {})}
        onClick={open}
        aria-current={selected ? 'true' : undefined}
        className={`flex w-full items-center gap-3 py-3 pl-4 text-left transition select-none [-webkit-touch-callout:none] ${narrow ? 'pr-4' : 'pr-12'} ${
          selected || opening ? 'bg-brand-50' : revealed ? 'bg-white' : 'hover:bg-stone-50'
        }`}
      >
        <Avatar firstName={c.otherUser.firstName} lastName={c.otherUser.lastName} size="h-12 w-12 text-base" />
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className={`truncate ${c.unreadCount > 0 ? 'font-bold text-stone-900' : 'font-semibold text-stone-800'}`}>{name}</span>
            {c.lastMessage && (
              <span className="shrink-0 text-xs text-stone-500" data-testid="conversation-time">
                {shortTime(c.lastMessage.timestamp)}
              </span>
            )}
          </span>
          <span className="mt-0.5 flex items-center justify-between gap-2">
            <span className={`truncate text-sm ${c.unreadCount > 0 ? 'text-stone-800' : 'text-stone-500'}`}>{preview}</span>
            {c.unreadCount > 0 && (
              <span
                aria-label={`${c.unreadCount} unread`}
                className="grid h-5 min-w-5 shrink-0 place-items-center rounded-full bg-brand-700 px-1.5 text-[11px] font-bold text-white"
              >
                {unreadBadge(c.unreadCount)}
              </span>
            )}
          </span>
        </span>
      </button>
      {narrow ? (
        revealed && (
          <button className="btn-danger absolute top-1/2 right-3 -translate-y-1/2 shadow-lg" onClick={onDelete}>
            Delete
          </button>
        )
      ) : (
        <button
          aria-label={`Delete conversation with ${name}`}
          // In a gutter of its own at the row's right (the button's pr-12), so it never covers the time.
          className="absolute top-1/2 right-2 grid h-8 w-8 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-stone-500 opacity-0 shadow-sm group-hover:opacity-100 hover:text-red-700 focus:opacity-100"
          onClick={onDelete}
        >
          <TrashIcon size={16} />
        </button>
      )}
    </li>
  )
}
