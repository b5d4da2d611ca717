// Offline, or online while Nookshare does not answer (lie-fi), what a page shows is the copy saved when
// it was last seen: say so, and how old it is.
import { useEffect, useState } from 'react'
import { useUnreachable } from '../../lib/reachability'
import { useOnline } from '../../lib/use-online'

/** "just now", "5 min ago", "3 h ago", "2 days ago". */
export function savedAgo(updatedAt: number, now = Date.now()): string {
  const minutes = Math.max(0, Math.floor((now - updatedAt) / 60_000))
  if (minutes < 1) return 'just now'
  if (minutes < 60) return `${minutes} min ago`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ago`
  const days = Math.floor(hours / 24)
  return days === 1 ? '1 day ago' : `${days} days ago`
}

export function OfflineAge({ updatedAt, className = '' }: { updatedAt: number; className?: string }) {
  const online = useOnline()
  const unreachable = useUnreachable()
  const saved = !online || unreachable
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!saved) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 30_000)
    return () => clearInterval(timer)
  }, [saved])
  if (!saved || !updatedAt) return null
  return (
    <p role="status" data-testid="offline-age" className={`rounded-lg bg-stone-100 px-3 py-2 text-sm text-stone-700 ${className}`}>
      Saved {savedAgo(updatedAt, now)} — {online ? "can't reach Nookshare" : "you're offline"}
    </p>
  )
}
