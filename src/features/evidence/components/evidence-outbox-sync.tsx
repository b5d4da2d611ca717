// Mounted once for a signed-in user (root layout): drops photos another user left, starts the uploads'
// runner (on start; it goes on by itself when the network comes back), and refreshes the checks when
// another tab or the service worker uploaded one.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import type { EvidenceOutboxEvent } from '../../../lib/evidence-outbox'
import { applyEvidenceEvent, dropOtherUsersPhotos, evidenceChannel, flushEvidenceNow, stopEvidenceUploads } from '../outbox/evidence-outbox-client'

export function EvidenceOutboxSync({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    void dropOtherUsersPhotos(userId)
      .catch(() => {})
      .then(() => flushEvidenceNow(queryClient, userId))
    const channel = evidenceChannel()
    const onMessage = (e: MessageEvent<EvidenceOutboxEvent>) => applyEvidenceEvent(queryClient, userId, e.data)
    channel?.addEventListener('message', onMessage)
    return () => {
      channel?.removeEventListener('message', onMessage)
      stopEvidenceUploads()
    }
  }, [queryClient, userId])
  return null
}
