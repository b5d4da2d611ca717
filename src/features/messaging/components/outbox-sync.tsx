// Global outbox wiring, mounted once in the root layout: mirror the session for the service worker, drop
// what another user left unsent, start this user's outbox runner (it sends on app start and sign-in, and
// by itself when the network comes back), and refresh the caches when another tab or the worker delivered
// something.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { OutboxEvent } from '../../../lib/outbox'
import { useAuth } from '../../auth/auth-context'
import { applyOutboxEvent, dropOtherUsersMessages, flushNow, mirrorSession, outboxChannel, stopOutbox } from '../outbox/outbox-client'

export function OutboxSync() {
  const { user } = useAuth()
  const queryClient = useQueryClient()
  const userId = user?.id

  useEffect(() => {
    if (!userId) return
    void Promise.all([mirrorSession(userId), dropOtherUsersMessages(userId).catch(() => {})]).then(() => flushNow(queryClient, userId))
    const channel = outboxChannel()
    const onMessage = (e: MessageEvent<OutboxEvent>) => applyOutboxEvent(queryClient, userId, e.data)
    channel?.addEventListener('message', onMessage)
    return () => {
      channel?.removeEventListener('message', onMessage)
      stopOutbox()
    }
  }, [userId, queryClient])

  return null
}
