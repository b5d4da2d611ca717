// An image message's states (spec 4): loading, then loaded or failed (with Retry).
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
  return { state, retry }
}
