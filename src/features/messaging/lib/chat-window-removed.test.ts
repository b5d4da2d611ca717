// A message an admin removes after the chat holds it: the next poll's removedIds turn it into the notice.
import { describe, expect, it } from 'vitest'
import type { Message, MessagesResponse } from '@contract/messaging'
import { SAFETY_TEXT } from '@contract/safety-constants'
import { applyAnswer } from './chat-window'

const msg = (seq: number, extra: Partial<Message> = {}): Message => ({
  _id: `m${seq}`,
  seq,
  sender: { _id: 'o', id: 'o', firstName: 'Olivia', lastName: 'X' },
  receiverId: 'me',
  content: `message ${seq}`,
  photos: seq === 5 ? ['p1'] : [],
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
  isSystem: false,
  clientId: null,
  ...extra,
})
const answer = (messages: Message[], extra: Partial<MessagesResponse> = {}): MessagesResponse => ({
  messages,
  isAutoClosed: false,
  otherUser: { _id: 'o', firstName: 'Olivia', lastName: 'X', email: '' },
  hasOlder: false,
  clearedSeq: 0,
  otherReadSeq: 0,
  limited: false,
  ...extra,
})

describe('a removed message', () => {
  it('shows as removed in a chat that already held it, without its text or photos', () => {
    const held = applyAnswer(undefined, answer([msg(5), msg(6)]), 'latest')
    const next = applyAnswer(held, answer([], { removedIds: ['m5'] }), 'after')
    expect(next.messages[0]).toMatchObject({ _id: 'm5', seq: 5, content: SAFETY_TEXT.removedMessage, photos: [], isSystem: true })
    expect(next.messages[1]).toBe(held.messages[1])
    expect(next.syncedSeq).toBe(6)
  })

  it('leaves the window alone when nothing it holds was removed', () => {
    const held = applyAnswer(undefined, answer([msg(5), msg(6)]), 'latest')
    const next = applyAnswer(held, answer([msg(7)], { removedIds: ['m1'] }), 'after')
    expect(next.messages.map((m) => m.content)).toEqual(['message 5', 'message 6', 'message 7'])
  })
})
