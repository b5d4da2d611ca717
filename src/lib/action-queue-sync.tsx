// Mounted once in the root layout while signed in: drops steps another user left unsent, then starts the
// action queue's runner (it sends what waits now, and by itself when the connection returns), and hears
// what the service worker sent or saw refused meanwhile.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { ActionQueueEvent } from './action-queue'
import { actionQueueChannel, applyWorkerActionEvent, dropOtherUsersActions, flushActionQueue, stopActionQueue } from './action-queue-client'

export function ActionQueueSync({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    void dropOtherUsersActions(userId)
      .catch(() => {})
      .then(() => flushActionQueue(queryClient, userId))
      .catch((err) => console.error('Queued actions failed', err))
    const channel = actionQueueChannel()
    if (channel) channel.onmessage = (e: MessageEvent<ActionQueueEvent>) => void applyWorkerActionEvent(queryClient, userId, e.data)
    return () => {
      channel?.close()
      stopActionQueue()
    }
  }, [userId, queryClient])
  return null
}
