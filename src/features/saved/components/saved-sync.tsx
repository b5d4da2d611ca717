// Mounted once in the root layout while signed in: drops hearts another user left unsent, then starts
// the saved queue's runner (it sends on start and sign-in, and by itself when the connection returns), and
// hears what the service worker sent or dropped meanwhile.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { QueueEvent } from '../../../lib/queue-engine'
import { applyWorkerSavedEvent, dropOtherUsersChanges, flushSaved, savedQueueChannel, stopSaved } from '../queue/saved-client'
import type { SavedChange } from '../../../lib/saved-queue'

export function SavedSync({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    void dropOtherUsersChanges(userId)
      .catch(() => {})
      .then(() => flushSaved(queryClient, userId))
      .catch((err) => console.error('Saving listings failed', err))
    const channel = savedQueueChannel()
    if (channel) channel.onmessage = (e: MessageEvent<QueueEvent<SavedChange>>) => void applyWorkerSavedEvent(queryClient, userId, e.data)
    return () => {
      channel?.close()
      stopSaved()
    }
  }, [userId, queryClient])
  return null
}
