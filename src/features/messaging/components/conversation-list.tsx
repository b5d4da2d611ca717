// The conversation list (spec: Messages screen): header with the count, the empty state, the hint and
// the long-press overlay 'Tap anywhere to cancel' on narrow screens.
import { useState } from 'react'
import type { Conversation } from '../../../schemas/messaging'
import { ConversationItem } from './conversation-item'
import { LongPressHint } from './long-press-hint'

interface Props {
  conversations: Conversation[]
  selectedId?: string
  narrow: boolean
  onOpen: (otherUserId: string) => void
  onDelete: (conversation: Conversation) => void
}

export function ConversationList({ conversations, selectedId, narrow, onOpen, onDelete }: Props) {
  const [revealedId, setRevealedId] = useState<string | null>(null)
  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="flex items-center gap-2 border-b border-stone-200 px-4 py-3">
        <h1 className="text-xl font-bold text-stone-900">Messages</h1>
        <span
          className="rounded-full bg-stone-100 px-2 py-0.5 text-sm font-semibold text-stone-600"
          data-testid="conversation-count"
          aria-label={`${conversations.length} conversations`}
        >
          {conversations.length}
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
        <ul className="min-h-0 flex-1 divide-y divide-stone-100 overflow-y-auto">
          {conversations.map((c) => (
            <ConversationItem
              key={c._id}
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
          ))}
        </ul>
      )}
      {revealedId && (
        <div
          className="fixed inset-0 z-[45] flex items-end justify-center bg-black/40 pb-10"
          onClick={() => setRevealedId(null)}
          data-testid="long-press-overlay"
        >
          <p className="rounded-full bg-white/95 px-4 py-2 text-sm font-medium text-stone-700 shadow">Tap anywhere to cancel</p>
        </div>
      )}
    </div>
  )
}
