// An image message's states (spec 4): loading, then loaded or failed (with Retry, and again by itself
// when the network is back).
import { useCallback, useEffect, useRef, useState } from 'react'
import { isNetworkError } from '../../../lib/api-client'
import { photoUrl } from '../api/photos'

export type PhotoState = { status: 'loading' } | { status: 'loaded'; url: string } | { status: 'failed'; network: boolean }

/** Waits between tries while the browser says it is online but the photo still finds no network. */
export const PHOTO_RETRY_MS = { first: 2_000, max: 30_000 }

export function usePhotoUrl(photoId: string) {
  const [state, setState] = useState<PhotoState>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const networkFailures = useRef(0)
  useEffect(() => {
    let live = true
    setState({ status: 'loading' })
    photoUrl(photoId).then(
      (url) => {
        networkFailures.current = 0
        if (live) setState({ status: 'loaded', url })
      },
      (err: unknown) => {
        const network = isNetworkError(err)
        networkFailures.current = network ? networkFailures.current + 1 : 0
        if (live) setState({ status: 'failed', network })
      },
    )
    return () => {
      live = false
    }
  }, [photoId, attempt])
  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  // A photo that failed for want of network loads by itself once the connection is back. The 'online'
  // event alone is not enough: it can come before the connection carries anything (the first try then
  // fails too, and no second event follows), so while online it tries again, less and less often.
  const waiting = state.status === 'failed' && state.network
  useEffect(() => {
    if (!waiting) return
    window.addEventListener('online', retry)
    const delay = Math.min(PHOTO_RETRY_MS.first * 2 ** (networkFailures.current - 1), PHOTO_RETRY_MS.max)
    const timer = navigator.onLine ? setTimeout(retry, delay) : undefined
    return () => {
      window.removeEventListener('online', retry)
      clearTimeout(timer)
    }
  }, [waiting, retry])
  return { state, retry }
}
