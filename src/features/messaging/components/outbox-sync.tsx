// Global outbox wiring, mounted once in the root layout: mirror the session for the service worker,
// flush queued messages on app start, on sign-in and when the browser comes back online, and refresh
// the caches when another tab or the worker delivered something.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { OutboxEvent } from '../../../lib/outbox'
import { useAuth } from '../../auth/auth-context'
import { applyOutboxEvent, flushNow, mirrorSession, outboxChannel } from '../outbox/outbox-client'

export function OutboxSync() {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const userId = user?.id

  useEffect(() => {
    if (!userId) return
    const flush = () => void flushNow(queryClient, userId).catch((err) => console.error('Outbox flush failed', err))
    void mirrorSession(userId).then(flush)
    window.addEventListener('online', flush)
    const channel = outboxChannel()
    const onMessage = (e: MessageEvent<OutboxEvent>) => applyOutboxEvent(queryClient, userId, e.data)
    channel?.addEventListener('message', onMessage)
    return () => {
      window.removeEventListener('online', flush)
      channel?.removeEventListener('message', onMessage)
    }
  }, [userId, queryClient])

  return null
}
