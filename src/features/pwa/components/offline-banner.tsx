// Shown while the browser is offline: says so, and what still works.
import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine, () => true)

export function OfflineBanner() {
  const online = useOnline()
  if (online) return null
  return (
    <div role="status" className="border-b border-amber-200 bg-amber-50 py-2 text-sm text-amber-950">
      <p className="mx-auto max-w-6xl px-4">
        <strong className="font-semibold">You're offline.</strong> Pages you've opened, your conversations and bookings as last seen still
        work, and messages you send go out when you're back online.
      </p>
    </div>
  )
}
