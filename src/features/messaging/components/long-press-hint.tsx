// The one-time 'Pro Tip: Long Press to Delete' hint on narrow screens: shown for 5 s, then remembered
// in localStorage (LS.longPressHint) so it never shows again.
import { useEffect, useState } from 'react'
import { LS, readLocal, writeLocal } from '../../../lib/storage-keys'

export const HINT_MS = 5000

export function LongPressHint() {
  const [visible, setVisible] = useState(() => !readLocal(LS.longPressHint))
  useEffect(() => {
    if (!visible) return
    writeLocal(LS.longPressHint, 'true')
    const t = setTimeout(() => setVisible(false), HINT_MS)
    return () => clearTimeout(t)
  }, [visible])
  if (!visible) return null
  return (
    <div role="status" className="mx-4 my-3 flex items-center gap-2 rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden>
        <path d="M9 18h6M10 22h4M12 2a7 7 0 0 0-4 12.7V17h8v-2.3A7 7 0 0 0 12 2z" />
      </svg>
      <span>Pro Tip: Long Press to Delete</span>
    </div>
  )
}
