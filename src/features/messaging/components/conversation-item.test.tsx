// A tap on a conversation is answered in its own frame (the row marked), and the chat opens once, after it.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Conversation } from '@contract/messaging'
import { ConversationItem } from './conversation-item'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

const conversation: Conversation = {
  _id: 'u2',
  otherUser: { _id: 'u2', firstName: 'Hannah', lastName: 'Host', email: 'host@nookshare.test' },
  lastMessage: { content: 'See you Sunday', timestamp: '2026-12-01T10:00:00.000Z' },
  unreadCount: 0,
  updatedAt: '2026-12-01T10:00:00.000Z',
  isAutoClosed: false,
  storageId: null,
}

describe('ConversationItem', () => {
  it('marks the row at once and opens the chat after the next paint, once for a double tap', () => {
    vi.useFakeTimers()
    const onOpen = vi.fn()
    render(
      <ul>
        <ConversationItem
          ref={null}
          index={0}
          start={0}
          conversation={conversation}
          selected={false}
          narrow
          revealed={false}
          onOpen={onOpen}
          onReveal={() => {}}
          onDelete={() => {}}
        />
      </ul>,
    )
    const row = screen.getByRole('button', { name: /Hannah Host/ })
    expect(row.className).not.toContain('bg-brand-50')
    fireEvent.click(row)
    fireEvent.click(row)
    expect(row.className).toContain('bg-brand-50')
    expect(onOpen).not.toHaveBeenCalled()
    // The next frame, then the task after it (afterNextPaint); past its 100 ms fallback too.
    act(() => vi.advanceTimersByTime(20))
    expect(onOpen).toHaveBeenCalledTimes(1)
    act(() => vi.advanceTimersByTime(150))
    expect(onOpen).toHaveBeenCalledTimes(1)
  })
})
