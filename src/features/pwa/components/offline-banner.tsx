// Shown while the browser is offline, or online while Nookshare does not answer (lie-fi): says so in one
// line, and on a tap what still works.
import { useEffect, useState } from 'react'
import { useUnreachable } from '../../../lib/reachability'
import { useOnline } from '../../../lib/use-online'

/**
 * One line (about 44 px) so it doesn't push a phone's page down (the full text took 180 px); tapping it
 * shows what still works.
 */
export function OfflineBanner() {
  const online = useOnline()
  const unreachable = useUnreachable()
  const [open, setOpen] = useState(false)
  const shown = !online || unreachable
  // Full-height pages (messages) end above it, as they do above the phone's bottom bar.
  useEffect(() => {
    if (!shown) return
    const root = document.documentElement
    root.dataset.offlineBanner = ''
    return () => void delete root.dataset.offlineBanner
  }, [shown])
  if (!shown) return null
  return (
    <div role="status" data-testid="offline-banner" className="border-b border-amber-200 bg-amber-50 text-sm text-amber-950">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="offline-details"
        onClick={() => setOpen((o) => !o)}
        className="mx-auto flex min-h-11 w-full max-w-6xl items-center gap-2 px-4 text-left"
      >
        <span className="min-w-0 flex-1 truncate">
          <strong className="font-semibold">{online ? "Can't reach Nookshare." : "You're offline."}</strong>
          {!open && ' Saved pages still work.'}
        </span>
        <span className="shrink-0 font-semibold text-amber-900 underline underline-offset-2">{open ? 'Less' : 'Details'}</span>
      </button>
      {open && (
        <p id="offline-details" className="mx-auto max-w-6xl px-4 pb-3">
          Pages you've opened, your conversations and bookings as last seen still work, and messages you send go out when you're back online.
          {online && ' Trying again in the background.'}
        </p>
      )}
    </div>
  )
}
