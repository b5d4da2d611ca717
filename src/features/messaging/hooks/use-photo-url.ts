// An image message's states (spec 4): loading, then loaded or failed (with Retry, and again by itself
// when the browser comes back online).
import { useCallback, useEffect, useState } from 'react'
import { photoUrl } from '../api/photos'

export type PhotoState = { status: 'loading' } | { status: 'loaded'; url: string } | { status: 'failed' }

export function usePhotoUrl(photoId: string) {
  const [state, setState] = useState<PhotoState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    photoUrl(photoId).then(
      (url) => live && setState({ status: 'loaded', url }),
      () => live && setState({ status: 'failed' }),
    )
    return () => {
      live = false
    }
  }, [photoId, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  // A photo that failed for want of network loads by itself once the connection is back.
  const failed = state.status === 'failed'
  useEffect(() => {
    if (!failed) return
    window.addEventListener('online', retry)
    return () => window.removeEventListener('online', retry)
  }, [failed, retry])
  return { state, retry }
}
