// Mounted once in the root layout while signed in: sends hearts tapped offline on start, on sign-in and
// when the browser comes back online.
import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { flushSaved } from '../queue/saved-client'

export function SavedSync({ userId }: { userId: string }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    const flush = () => void flushSaved(queryClient, userId).catch((err) => console.error('Saving listings failed', err))
    flush()
    window.addEventListener('online', flush)
    return () => window.removeEventListener('online', flush)
  }, [userId, queryClient])
  return null
}
