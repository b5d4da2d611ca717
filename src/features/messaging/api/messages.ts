// GET /messages/{userId} (polled every 3 s, cancellable) and POST /messages (multipart or JSON).
import { queryOptions } from '@tanstack/react-query'
import { api, multipartHeaders, request } from '../../../lib/api-client'
import { CHAT_POLL_MS, MessageSchema, MessagesResponseSchema, type Message, type MessagesResponse } from '../../../schemas/messaging'
import { parseOrInvalid } from '../lib/errors'

export const getMessages = (otherUserId: string, signal?: AbortSignal): Promise<MessagesResponse> =>
  request(
    () => api.get(`messages/${encodeURIComponent(otherUserId)}`, { signal }).json(),
    parseOrInvalid((d) => MessagesResponseSchema.parse(d)),
  )

export const messagesQueryOptions = (userId: string, otherUserId: string) =>
  queryOptions({
    queryKey: ['messages', userId, otherUserId] as const,
    queryFn: ({ signal }) => getMessages(otherUserId, signal),
    refetchInterval: CHAT_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 1_000,
  })

export interface OutgoingMessage {
  receiverId: string
  content: string
  photos: readonly Blob[] | readonly File[]
  clientId: string
}

/** The chat screen's send: multipart with content (trimmed, optional), repeated photos, receiverId. */
export function sendMessage(msg: OutgoingMessage): Promise<Message> {
  const form = new FormData()
  form.append('receiverId', msg.receiverId)
  form.append('clientId', msg.clientId)
  if (msg.content.trim()) form.append('content', msg.content.trim())
  msg.photos.forEach((p, i) => form.append('photos', p, p instanceof File ? p.name : `photo-${i + 1}`))
  return request(
    () => api.post('messages', { body: form, headers: multipartHeaders }).json(),
    (d) => MessageSchema.parse(d),
  )
}

/** The developer form's send: JSON receiverId and content. */
export const sendMessageJson = (receiverId: string, content: string) =>
  request(
    () => api.post('messages', { json: { receiverId, content } }).json(),
    (d) => MessageSchema.parse(d),
  )
