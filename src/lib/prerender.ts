// Whether this page load started from server-rendered HTML (the lead and information pages are rendered
// at build time, the storage search per request: src/entry-server.tsx). While React hydrates such a
// page, the first render must match the HTML, which was rendered for a signed-out visitor on a plain
// browser; anything that depends on this device (the signed-in user, iOS) is switched on right after.
import { startTransition, useEffect, useState } from 'react'

export const PRERENDERED_ATTR = 'data-prerendered'
export const startedPrerendered = (): boolean => typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute(PRERENDERED_ATTR) === true

/**
 * False while rendering at build time and during hydration; true once the page runs in this browser.
 * In an app that started from prerendered HTML every component starts false and switches after its
 * first effect: a component hydrating late (inside a lazy route) must still match its HTML. This is a
 * plain state set from an effect, not useSyncExternalStore: a store whose snapshot differs from the
 * server's forces a synchronous re-render, and that would finish hydrating the whole page in one long
 * task on a slow phone instead of in React's short slices (hence also the transition).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof document !== 'undefined' && !startedPrerendered())
  useEffect(() => {
    startTransition(() => setHydrated(true))
  }, [])
  return hydrated
}
