// Sending (spec 4, 5, 8): one send at a time; straight to the server when online, into the outbox when
// offline (or behind queued messages, to keep the order); a network failure says 'Retrying to send
// message...', queues the message and retries after 2 s; a refusal shows the server's message.
import { useCallback, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { NetworkError } from '../../../lib/api-client'
import { listOutbox } from '../../../lib/outbox'
import { toast } from '../../../lib/toast'
import { MESSAGE_ERRORS, MESSAGE_MAX_LENGTH } from '@contract/messaging'
import { conversationsQueryOptions } from '../api/conversations'
import { sendMessage } from '../api/messages'
import { newClientId } from '../lib/client-id'
import { MESSAGES_TEXT, sendError } from '../lib/errors'
import { photoErrorAtSend } from '../lib/photo-rules'
import { addSentMessage } from '../outbox/cache-updates'
import { flushNow, outboxStore, queueMessage } from '../outbox/outbox-client'

export const RETRY_AFTER_MS = 2000

export function useSendMessage(userId: string, otherUserId: string) {
  const queryClient = useQueryClient()
  const [sending, setSending] = useState(false)
  const busy = useRef(false)

  /** Resolves true when the message is sent or safely queued (the composer then clears). */
  const send = useCallback(
    async (content: string, photos: File[]): Promise<boolean> => {
      const text = content.trim()
      if (busy.current || (!text && photos.length === 0)) return false
      if (text.length > MESSAGE_MAX_LENGTH) return (void toast.error(MESSAGE_ERRORS.tooLong), false)
      const photoError = photoErrorAtSend(photos)
      if (photoError) return (void toast.error(photoError), false)
      busy.current = true
      setSending(true)
      const clientId = newClientId()
      const record = {
        clientId,
        userId,
        receiverId: otherUserId,
        content: text,
        photos: photos.map((p) => ({ name: p.name, type: p.type, blob: p as Blob })),
        createdAt: new Date().toISOString(),
      }
      const flushLater = (ms: number) => setTimeout(() => void flushNow(queryClient, userId).catch(() => {}), ms)
      try {
        const queued = (await listOutbox(outboxStore(), userId).catch(() => [])).some((r) => r.status === 'pending')
        if (!navigator.onLine || queued) {
          await queueMessage(queryClient, record)
          if (navigator.onLine) flushLater(0)
          return true
        }
        try {
          const message = await sendMessage({ receiverId: otherUserId, content: text, photos, clientId })
          addSentMessage(queryClient, userId, message)
          void queryClient.invalidateQueries({ queryKey: conversationsQueryOptions(userId).queryKey })
          return true
        } catch (err) {
          if (err instanceof NetworkError) {
            toast.warning(MESSAGES_TEXT.retrying)
            await queueMessage(queryClient, record)
            flushLater(RETRY_AFTER_MS)
            return true
          }
          toast.error(sendError(err))
          return false
        }
      } finally {
        busy.current = false
        setSending(false)
      }
    },
    [queryClient, userId, otherUserId],
  )

  return { send, sending }
}
