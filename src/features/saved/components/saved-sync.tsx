// Mounted once in the root layout while signed in: drops hearts another user left unsent, then starts
// the saved queue's runner (it sends on start and sign-in, and by itself when the connection returns).
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { dropOtherUsersChanges, flushSaved, stopSaved } from '../queue/saved-client'

export function SavedSync({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    void dropOtherUsersChanges(userId)
      .catch(() => {})
      .then(() => flushSaved(queryClient, userId))
      .catch((err) => console.error('Saving listings failed', err))
    return () => stopSaved()
  }, [userId, queryClient])
  return null
}
