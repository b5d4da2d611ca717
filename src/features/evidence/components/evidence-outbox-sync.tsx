// Mounted once for a signed-in user (root layout): uploads queued evidence photos on start and when the
// browser comes back online, and refreshes the checks when another tab or the service worker uploaded one.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { EvidenceOutboxEvent } from '../../../lib/evidence-outbox'
import { applyEvidenceEvent, evidenceChannel, flushEvidenceNow } from '../outbox/evidence-outbox-client'

export function EvidenceOutboxSync({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const flush = () => void flushEvidenceNow(queryClient, userId)
    flush()
    window.addEventListener('online', flush)
    const channel = evidenceChannel()
    const onMessage = (e: MessageEvent<EvidenceOutboxEvent>) => applyEvidenceEvent(queryClient, userId, e.data)
    channel?.addEventListener('message', onMessage)
    return () => {
      window.removeEventListener('online', flush)
      channel?.removeEventListener('message', onMessage)
    }
  }, [queryClient, userId])
  return null
}
