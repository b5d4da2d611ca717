// A chat's GET, and its latest page asked for the moment the signed-in gate knows the user
// (routes/_authed/messages.tsx, in the startup bundle) rather than once the messaging API's code is in and
// the device has been searched for a copy of the chat: on the low-tier phone those two took 0.35–1.1 s
// before the request left. Only for a chat this device holds no copy of (lib/saved-chats.ts marks the
// ones it holds): with a copy, the chat shows it and asks only for what is new (messages.ts). The chat's
// query takes the answer under way instead of asking again.
import { api } from '../../../lib/api-client'
import { hasSavedChat } from '../../../lib/saved-chats'

/** A chat's read gives up after this long (a poll tries again on the next tick: the server may be unreachable). */
export const CHAT_READ_TIMEOUT_MS = 10_000

/** The chat's address under the API: GET /messages/{userId}. */
export const messagesPath = (otherUserId: string) => `messages/${encodeURIComponent(otherUserId)}`

/** A page of the chat, its JSON not checked yet. */
export const fetchMessages = (otherUserId: string, searchParams: Record<string, number> = {}, signal?: AbortSignal): Promise<unknown> =>
  api.get(messagesPath(otherUserId), { signal, timeout: CHAT_READ_TIMEOUT_MS, searchParams }).json()

/** An early answer is taken only this soon after it was asked for (the query asks once the code is in). */
const TAKEN_WITHIN_MS = 5_000
const early = new Map<string, { at: number; answer: Promise<unknown> }>()

/** Asks for the chat's latest page now, unless the device holds a copy of it (or the app has it in memory). */
export function askForLatestPage(userId: string, otherUserId: string, held: boolean) {
  const key = `${userId}:${otherUserId}`
  const asked = early.get(key)
  if (held || hasSavedChat(userId, otherUserId) || (asked && Date.now() - asked.at < TAKEN_WITHIN_MS)) return
  const answer = fetchMessages(otherUserId)
  answer.catch(() => {}) // its failure is the query's, once taken
  early.set(key, { at: Date.now(), answer })
}

/** The latest page asked for early, if it was asked for just now; taken once. */
export function takeLatestPage(userId: string, otherUserId: string): Promise<unknown> | undefined {
  const key = `${userId}:${otherUserId}`
  const asked = early.get(key)
  early.delete(key)
  return asked && Date.now() - asked.at < TAKEN_WITHIN_MS ? asked.answer : undefined
}
