// Sending (spec 4, 5, 8, issue 40): the composer never waits for the network. A message that passes the
// rules goes into the outbox at once (shown with a clock until the server has it) and the composer clears;
// the outbox's runner sends it, in order behind any earlier one, says 'Retrying to send message...' when
// the first try gets no answer and tries again 2 s later (then with backoff); a refusal shows the server's
// message on the bubble, with Retry and Delete.
import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { toast } from '../../../lib/toast'
import { MESSAGE_ERRORS, MESSAGE_MAX_LENGTH } from '@contract/messaging'
import { newClientId } from '../lib/client-id'
import { MESSAGES_TEXT } from '../lib/errors'
import { photoErrorAtSend } from '../lib/photo-rules'
import { queueMessage } from '../outbox/outbox-client'

/** `storageId`: the listing the chat was opened about, carried by the message (and queued with it). */
export function useSendMessage(userId: string, otherUserId: string, storageId?: string) {
  const queryClient = useQueryClient()

  /** Resolves true once the message is safely queued (the composer then clears); never waits on the network. */
  const send = useCallback(
    async (content: string, photos: File[]): Promise<boolean> => {
      const text = content.trim()
      if (!text && photos.length === 0) return false
      if (text.length > MESSAGE_MAX_LENGTH) return (void toast.error(MESSAGE_ERRORS.tooLong), false)
      const photoError = photoErrorAtSend(photos)
      if (photoError) return (void toast.error(photoError), false)
      try {
        await queueMessage(queryClient, {
          clientId: newClientId(),
          userId,
          receiverId: otherUserId,
          content: text,
          ...(storageId ? { storageId } : {}),
          photos: photos.map((p) => ({ name: p.name, type: p.type, blob: p as Blob })),
          createdAt: new Date().toISOString(),
        })
        return true
      } catch (err) {
        // IndexedDB refused the write (storage full, a private window): the text stays in the composer.
        console.error('Queueing the message failed', err)
        toast.error(MESSAGES_TEXT.sendFailed)
        return false
      }
    },
    [queryClient, userId, otherUserId, storageId],
  )

  return { send }
}
