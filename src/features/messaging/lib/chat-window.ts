// What an open chat holds: a window of the conversation (the latest page, plus older pages scrolled to),
// folded together from the server's answers. A poll asks only for what came after `syncedSeq`, the
// newest message the server has given in order; a message this device just sent is shown at once but
// does not move that cursor, so a message the other side sent a moment before it is still fetched.
import type { Message, MessagesResponse } from '@contract/messaging'
import { SAFETY_TEXT } from '@contract/safety-constants'

export interface ChatWindow {
  /** Oldest first, by seq. */
  messages: Message[]
  hasOlder: boolean
  isAutoClosed: boolean
  otherUser: MessagesResponse['otherUser']
  clearedSeq: number
  otherReadSeq: number
  /** The listing the conversation is about (null: none; undefined: a copy saved before the server said). */
  storageId?: string | null
  /** When a visit between the two last changed (lets the chat's visit cards ask again at once). */
  visitsAt?: string | null
  /** Every message up to this seq (above the cleared point) has come from the server: polls ask for what is after it. */
  syncedSeq: number
  /** The chat's version as of the last poll: sent with the next, which is a 304 while nothing changed. */
  etag?: string
}

/** How much of a chat is kept on the device for offline: the latest this many messages. */
export const SAVED_WINDOW = 200

export type AnswerKind = 'latest' | 'after' | 'before'

const bySeq = (a: Message, b: Message) => a.seq - b.seq
const REMOVED_TEXT = SAFETY_TEXT.removedMessage

/** Renames reach the history already held (the server sends the name only with new messages). */
function withNames(messages: Message[], other: ChatWindow['otherUser']): Message[] {
  const stale = messages.some((m) => m.sender._id === other._id && (m.sender.firstName !== other.firstName || m.sender.lastName !== other.lastName))
  if (!stale) return messages
  return messages.map((m) => (m.sender._id === other._id ? { ...m, sender: { ...m.sender, firstName: other.firstName, lastName: other.lastName } } : m))
}

/** Folds one answer into what is held: `latest` (or a `limited` poll) replaces it, `after` appends, `before` prepends. */
export function applyAnswer(held: ChatWindow | undefined, answer: MessagesResponse, kind: AnswerKind): ChatWindow {
  const removed = new Set(answer.removedIds ?? [])
  if (held && removed.size > 0 && held.messages.some((m) => removed.has(m._id) && !m.isSystem)) {
    // An admin removed a message this chat already holds: shown as removed, as the server now sends it.
    held = {
      ...held,
      messages: held.messages.map((m) => (removed.has(m._id) && !m.isSystem ? { ...m, content: REMOVED_TEXT, photos: [], isSystem: true } : m)),
    }
  }
  const base = {
    isAutoClosed: answer.isAutoClosed,
    otherUser: answer.otherUser,
    clearedSeq: answer.clearedSeq,
    otherReadSeq: answer.otherReadSeq,
    storageId: answer.storageId,
    visitsAt: answer.visitsAt,
  }
  const newestOf = (list: Message[]) => list.at(-1)?.seq ?? 0
  if (!held || kind === 'latest' || answer.limited) {
    return { ...base, messages: answer.messages, hasOlder: answer.hasOlder, syncedSeq: Math.max(newestOf(answer.messages), answer.clearedSeq) }
  }
  const kept = held.messages.filter((m) => m.seq > answer.clearedSeq)
  const ids = new Set(kept.map((m) => m._id))
  const fresh = answer.messages.filter((m) => m.seq > answer.clearedSeq && !ids.has(m._id))
  const messages = fresh.length === 0 ? kept : kind === 'before' ? [...fresh, ...kept] : [...kept, ...fresh].sort(bySeq)
  return {
    ...base,
    messages: withNames(messages, answer.otherUser),
    hasOlder: kind === 'before' ? answer.hasOlder : held.hasOlder,
    syncedSeq: kind === 'after' ? Math.max(held.syncedSeq, newestOf(answer.messages), answer.clearedSeq) : Math.max(held.syncedSeq, answer.clearedSeq),
  }
}

/** A message this device sent, shown before the next poll (which brings it again: kept once, by id). */
export function addMessage(held: ChatWindow, message: Message): ChatWindow {
  if (held.messages.some((m) => m._id === message._id)) return held
  return { ...held, messages: [...held.messages, message].sort(bySeq) }
}

/** The copy kept on the device: the latest SAVED_WINDOW messages. */
export function trimForSaving(window: ChatWindow): ChatWindow {
  if (window.messages.length <= SAVED_WINDOW) return window
  return { ...window, messages: window.messages.slice(-SAVED_WINDOW), hasOlder: true }
}

/** My message that ends the chat (system lines aside), if the last one is mine. */
export function lastMineAtEnd(window: ChatWindow, myId: string): ChatWindow['messages'][number] | undefined {
  for (let i = window.messages.length - 1; i >= 0; i--) {
    const m = window.messages[i]!
    if (m.isSystem) continue
    return m.sender._id === myId ? m : undefined
  }
  return undefined
}

/** The last message I sent, if the other side has read it ("Seen" goes under it). */
export function seenMessageId(window: ChatWindow, myId: string): string | undefined {
  const m = lastMineAtEnd(window, myId)
  return m && window.otherReadSeq >= m.seq ? m._id : undefined
}

/** The last message I sent, if the server has it but the other side has not read it yet ("Sent" goes under it). */
export function sentMessageId(window: ChatWindow, myId: string): string | undefined {
  const m = lastMineAtEnd(window, myId)
  return m && window.otherReadSeq < m.seq ? m._id : undefined
}
