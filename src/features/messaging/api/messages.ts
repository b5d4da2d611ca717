// GET /messages/{userId} (a page, or what is new: polled every 3 s, cancellable) and POST /messages
// (multipart or JSON). An open chat holds a window of the conversation (lib/chat-window.ts): it opens
// from the copy saved on the device, and each poll asks only for what came after the newest message
// held, with the chat's ETag: its version covers every cursor, so "nothing changed" is a bodyless 304
// even on a cursor never asked before (after a new message, or reopening a saved chat).
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { api, request } from '../../../lib/api-client'
import { readSavedChat, saveChat } from '../../../lib/saved-chats'
import { CHAT_POLL_MS, MessageSchema, MessagesResponseSchema, type Message, type MessagesQuery, type MessagesResponse } from '@contract/messaging'
import { addMessage, applyAnswer, trimForSaving, type ChatWindow } from '../lib/chat-window'
import { parseOrInvalid } from '../lib/errors'
import { CHAT_READ_TIMEOUT_MS, fetchMessages, messagesPath, takeLatestPage } from './first-page'
import { messagingKeys } from './keys'

const chatSearch = (query: MessagesQuery) => Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<string, number>
const parseAnswer = parseOrInvalid((d) => MessagesResponseSchema.parse(d))

export const getMessages = (otherUserId: string, query: MessagesQuery = {}, signal?: AbortSignal): Promise<MessagesResponse> =>
  request(() => fetchMessages(otherUserId, chatSearch(query), signal), parseAnswer)

/** A poll: what came after `after`, or undefined when the chat is as `etag` says (a 304). */
async function pollMessages(otherUserId: string, after: number, etag: string | undefined, signal?: AbortSignal) {
  let tag: string | undefined
  const answer = await request(
    async () => {
      const response = await api.get(messagesPath(otherUserId), {
        signal,
        timeout: CHAT_READ_TIMEOUT_MS,
        searchParams: chatSearch({ after }),
        // Our own conditional request: the browser's cache would only revalidate a URL it has seen.
        cache: 'no-store',
        headers: etag ? { 'If-None-Match': etag } : {},
        throwHttpErrors: (status) => status !== 304,
      })
      tag = response.headers.get('etag') ?? undefined
      return response.status === 304 ? undefined : response.json()
    },
    parseOrInvalid((d) => (d === undefined ? undefined : MessagesResponseSchema.parse(d))),
  )
  return { answer, etag: tag ?? etag }
}

export const messagesQueryKey = messagingKeys.messages

/** The copy of a chat saved on this device (the latest messages), if this session saved one. */
export const readSavedWindow = (userId: string, otherUserId: string) => readSavedChat<ChatWindow>(userId, otherUserId)

export const messagesQueryOptions = (userId: string, otherUserId: string) =>
  queryOptions({
    queryKey: messagesQueryKey(userId, otherUserId),
    queryFn: async ({ signal, client }): Promise<ChatWindow> => {
      const key = messagesQueryKey(userId, otherUserId)
      const inMemory = client.getQueryData<ChatWindow>(key)
      // Asked for at the gate, the device holding no copy of the chat: no copy to look for.
      const early = inMemory ? undefined : takeLatestPage(userId, otherUserId)
      const held = inMemory ?? (early ? undefined : (await readSavedWindow(userId, otherUserId))?.value)
      if (!held) {
        const latest = early ? await request(() => early, parseAnswer) : await getMessages(otherUserId, {}, signal)
        const opened = applyAnswer(undefined, latest, 'latest')
        void saveChat(userId, otherUserId, trimForSaving(opened))
        return opened
      }
      const { answer, etag } = await pollMessages(otherUserId, held.syncedSeq, held.etag, signal)
      // Folded into what is held now (an older page or a sent message may have come in meanwhile).
      const now = client.getQueryData<ChatWindow>(key) ?? held
      if (!answer) return now
      const next = { ...applyAnswer(now, answer, 'after'), etag }
      if (answer.messages.length > 0 || answer.limited || answer.removedIds?.length || changedBesidesMessages(now, next))
        void saveChat(userId, otherUserId, trimForSaving(next))
      return next
    },
    refetchInterval: CHAT_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 1_000,
  })

const changedBesidesMessages = (a: ChatWindow, b: ChatWindow) =>
  a.isAutoClosed !== b.isAutoClosed ||
  a.clearedSeq !== b.clearedSeq ||
  a.otherReadSeq !== b.otherReadSeq ||
  a.storageId !== b.storageId ||
  a.visitsAt !== b.visitsAt ||
  a.otherUser.firstName !== b.otherUser.firstName ||
  a.otherUser.lastName !== b.otherUser.lastName ||
  a.otherUser.email !== b.otherUser.email

/** Scrolling up: the page before the oldest message held, put in front of it. Resolves false at the start. */
export async function loadOlderMessages(queryClient: QueryClient, userId: string, otherUserId: string): Promise<boolean> {
  const key = messagesQueryKey(userId, otherUserId)
  const held = queryClient.getQueryData<ChatWindow>(key)
  if (!held?.hasOlder || held.messages.length === 0) return false
  const answer = await getMessages(otherUserId, { before: held.messages[0]!.seq })
  queryClient.setQueryData<ChatWindow>(key, (now) => (now ? applyAnswer(now, answer, 'before') : now))
  return answer.hasOlder
}

/** A sent message into its open chat at once (the next poll brings it again; kept once). */
export function addToChat(queryClient: QueryClient, userId: string, otherUserId: string, message: Message) {
  const next = queryClient.setQueryData<ChatWindow>(messagesQueryKey(userId, otherUserId), (old) => (old ? addMessage(old, message) : old))
  // The copy on the device too: the next poll finds nothing new past a message sent from here, so it would
  // never save it, and the chat reopened offline would miss what was just sent (issue 26).
  if (next) void saveChat(userId, otherUserId, trimForSaving(next))
}

// The chat screen's send (multipart, with a clientId) goes through the outbox: lib/outbox.ts.

/** The developer form's send: JSON receiverId and content. */
export const sendMessageJson = (receiverId: string, content: string) =>
  request(
    () => api.post('messages', { json: { receiverId, content } }).json(),
    (d) => MessageSchema.parse(d),
  )
