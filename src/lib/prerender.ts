// Whether this page load started from prerendered HTML (the lead and information pages are rendered to
// HTML at build time: scripts/vite/prerender.ts). While React hydrates such a page, the first render
// must match the HTML, which was rendered for a signed-out visitor on a plain browser; anything that
// depends on this device (the signed-in user, iOS) is switched on right after.
import { useSyncExternalStore } from 'react'

export const PRERENDERED_ATTR = 'data-prerendered'

export const startedPrerendered = (): boolean =>
  typeof document !== 'undefined' && document.getElementById('root')?.hasAttribute(PRERENDERED_ATTR) === true

const noSubscription = () => () => {}
/** False while rendering at build time and during hydration; true once the page runs in this browser. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
