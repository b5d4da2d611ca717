// A page's first render with its data, in slices. Routers and query caches update React through external
// stores, and React renders such an update in one go: a dashboard or a booking list with its data arriving
// held a phone's main thread for 100 ms and more (Lighthouse's blocking time on the signed-in pages). Here
// the first commit shows `fallback` (the spinner the page showed while loading), and the content follows in
// a deferred render, which React interrupts every few milliseconds for input and paint. Later updates
// render as usual.
import { useDeferredValue, type ReactNode } from 'react'

export function RenderInSlices({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const ready = useDeferredValue(true, false)
  return ready ? children : fallback
}
