import { describe, expect, it } from 'vitest'
import type { Message, MessagesResponse } from '@contract/messaging'
import { addMessage, applyAnswer, SAVED_WINDOW, seenMessageId, sentMessageId, trimForSaving, type ChatWindow } from './chat-window'

const other = { _id: 'o', firstName: 'Olivia', lastName: 'Host', email: 'o@x.test' }
const msg = (seq: number, from = 'o', extra: Partial<Message> = {}): Message => ({
  _id: `m${seq}`,
  seq,
  sender: { _id: from, id: from, firstName: from === 'o' ? 'Olivia' : 'Me', lastName: 'X' },
  receiverId: from === 'o' ? 'me' : 'o',
  content: `message ${seq}`,
  photos: [],
  timestamp: new Date(Date.UTC(2026, 0, 1, 0, seq)).toISOString(),
  isSystem: false,
  clientId: null,
  ...extra,
})
const answer = (messages: Message[], extra: Partial<MessagesResponse> = {}): MessagesResponse => ({
  messages,
  isAutoClosed: false,
  otherUser: other,
  hasOlder: false,
  clearedSeq: 0,
  otherReadSeq: 0,
  limited: false,
  ...extra,
})
const seqs = (w: ChatWindow) => w.messages.map((m) => m.seq)

describe('the chat window', () => {
  it('opens with the latest page and polls from its newest seq', () => {
    const w = applyAnswer(undefined, answer([msg(5), msg(6)], { hasOlder: true }), 'latest')
    expect(seqs(w)).toEqual([5, 6])
    expect(w.syncedSeq).toBe(6)
    expect(w.hasOlder).toBe(true)
  })

  it('appends what a poll brings once, in seq order, keeping older pages held', () => {
    let w = applyAnswer(undefined, answer([msg(5), msg(6)], { hasOlder: true }), 'latest')
    w = applyAnswer(w, answer([msg(7), msg(8)]), 'after')
    w = applyAnswer(w, answer([msg(8)]), 'after')
    expect(seqs(w)).toEqual([5, 6, 7, 8])
    expect(w.syncedSeq).toBe(8)
    expect(w.hasOlder).toBe(true) // an `after` answer says nothing about older pages
  })

  it('a sent message shows at once but does not move the poll cursor past a message not yet fetched', () => {
    let w = applyAnswer(undefined, answer([msg(5)]), 'latest')
    w = addMessage(w, msg(9, 'me'))
    expect(w.syncedSeq).toBe(5)
    // The other side wrote seq 8 just before: the next poll (after 5) brings it, and it goes before mine.
    w = applyAnswer(w, answer([msg(8), msg(9, 'me')]), 'after')
    expect(seqs(w)).toEqual([5, 8, 9])
    expect(addMessage(w, msg(9, 'me'))).toBe(w)
  })

  it('older pages go in front, without duplicates, and say whether more exist', () => {
    let w = applyAnswer(undefined, answer([msg(5), msg(6)], { hasOlder: true }), 'latest')
    w = applyAnswer(w, answer([msg(3), msg(4), msg(5)], { hasOlder: false }), 'before')
    expect(seqs(w)).toEqual([3, 4, 5, 6])
    expect(w.hasOlder).toBe(false)
    expect(w.syncedSeq).toBe(6)
  })

  it('a limited poll replaces what is held with the latest page', () => {
    let w = applyAnswer(undefined, answer([msg(1), msg(2)]), 'latest')
    w = applyAnswer(w, answer([msg(90), msg(91)], { limited: true, hasOlder: true }), 'after')
    expect(seqs(w)).toEqual([90, 91])
    expect(w.hasOlder).toBe(true)
    expect(w.syncedSeq).toBe(91)
  })

  it('deleting my view elsewhere drops what is at or below the cleared point', () => {
    let w = applyAnswer(undefined, answer([msg(1), msg(2), msg(3)]), 'latest')
    w = applyAnswer(w, answer([], { clearedSeq: 3 }), 'after')
    expect(w.messages).toEqual([])
    expect(w.syncedSeq).toBe(3)
  })

  it('closing, read state and a rename reach what is held', () => {
    let w = applyAnswer(undefined, answer([msg(1), msg(2, 'me')]), 'latest')
    w = applyAnswer(w, answer([], { isAutoClosed: true, otherReadSeq: 2, otherUser: { ...other, firstName: 'Liv' } }), 'after')
    expect(w.isAutoClosed).toBe(true)
    expect(w.otherReadSeq).toBe(2)
    expect(w.messages[0]!.sender.firstName).toBe('Liv')
    expect(w.messages[1]!.sender.firstName).toBe('Me')
  })

  it('"Seen" goes under my last message once the other side has read up to it, not before, and not after their reply', () => {
    const w = applyAnswer(undefined, answer([msg(1), msg(2, 'me'), msg(3, 'me'), msg(4, 'o', { isSystem: true })], { otherReadSeq: 2 }), 'latest')
    expect(seenMessageId(w, 'me')).toBeUndefined()
    expect(seenMessageId({ ...w, otherReadSeq: 3 }, 'me')).toBe('m3')
    const replied = applyAnswer(w, answer([msg(5)], { otherReadSeq: 5 }), 'after')
    expect(seenMessageId(replied, 'me')).toBeUndefined()
  })

  it('"Sent" goes under my last message while the other side has not read it; "Seen" replaces it', () => {
    const w = applyAnswer(undefined, answer([msg(1), msg(2, 'me'), msg(3, 'me')], { otherReadSeq: 2 }), 'latest')
    expect(sentMessageId(w, 'me')).toBe('m3')
    expect(sentMessageId({ ...w, otherReadSeq: 3 }, 'me')).toBeUndefined()
    expect(seenMessageId({ ...w, otherReadSeq: 3 }, 'me')).toBe('m3')
    expect(sentMessageId(applyAnswer(w, answer([msg(4)]), 'after'), 'me')).toBeUndefined()
  })

  it('keeps only the latest messages for the device, saying older ones exist', () => {
    const many = Array.from({ length: SAVED_WINDOW + 30 }, (_, i) => msg(i + 1))
    const saved = trimForSaving(applyAnswer(undefined, answer(many), 'latest'))
    expect(saved.messages).toHaveLength(SAVED_WINDOW)
    expect(saved.messages[0]!.seq).toBe(31)
    expect(saved.hasOlder).toBe(true)
    expect(saved.syncedSeq).toBe(SAVED_WINDOW + 30)
  })
})
