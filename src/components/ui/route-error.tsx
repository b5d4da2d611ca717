// The default error screen for a route: offline, it says the page needs a connection for data this
// device has not saved yet; otherwise a plain failure. Both offer Retry.
import type { ErrorComponentProps } from '@tanstack/react-router'
import { useRouter } from '@tanstack/react-router'
import { isNetworkError } from '../../lib/api-client'

export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  const offline = (typeof navigator !== 'undefined' && !navigator.onLine) || isNetworkError(error)
  const retry = () => {
    reset()
    void router.invalidate()
  }
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center" role="alert">
      <h1 className="text-2xl font-bold">{offline ? "You're offline" : 'Something went wrong'}</h1>
      <p className="mt-2 text-stone-600">
        {offline
          ? "This page needs a connection for data this device hasn't saved yet. Pages you've opened before still work."
          : 'This page could not load. Please try again.'}
      </p>
      <button type="button" className="btn-primary mt-6" onClick={retry}>
        Retry
      </button>
    </div>
  )
}
