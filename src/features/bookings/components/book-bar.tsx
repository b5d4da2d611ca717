// On a phone the booking panel sits below the whole listing: a bar fixed above the bottom navigation
// keeps the price and "Request to book" in reach, and takes the renter to the panel. It steps aside
// while the panel itself is on screen, and on wide screens, where the panel is beside the listing.
import { useEffect, useState } from 'react'
import { minimumStayLabel } from '@contract/storage-constants'
import { whenHydrated } from '../../../lib/hydrate-on-view'

export function BookBar({ targetId, price, minimumDays, label = 'Request to book' }: { targetId: string; price: string; minimumDays: number; label?: string }) {
  const [panelInView, setPanelInView] = useState(false)
  useEffect(() => {
    const panel = document.getElementById(targetId)
    if (!panel || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(([entry]) => setPanelInView(Boolean(entry?.isIntersecting)), { threshold: 0.15 })
    observer.observe(panel)
    return () => observer.disconnect()
  }, [targetId])
  if (panelInView) return null
  // A link to the panel, so it takes the renter there before the app has started (a listing's visitor
  // starts it with their first touch); with the app, a smooth scroll, and the panel's first field focused
  // once React has the panel (the server's HTML of it may still be waiting: src/lib/hydrate-on-view.tsx).
  const go = (e: React.MouseEvent) => {
    const panel = document.getElementById(targetId)
    if (!panel) return
    e.preventDefault()
    panel.scrollIntoView({ behavior: 'smooth', block: 'start' })
    void whenHydrated(panel).then(() => panel.querySelector<HTMLElement>('input, textarea, button')?.focus({ preventScroll: true }))
  }
  return (
    <div
      data-testid="book-bar"
      className="fixed inset-x-0 bottom-[var(--bottom-nav-h,0px)] z-20 border-t border-stone-200 bg-white/95 px-4 py-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgba(0,0,0,0.06)] backdrop-blur lg:hidden [html[data-bottom-nav]_&]:pb-2"
    >
      <div className="mx-auto flex max-w-md items-center justify-between gap-3">
        <div className="leading-tight text-stone-900">
          <p>
            <span className="text-lg font-bold">{price}</span>
            <span className="text-sm text-stone-500"> / month</span>
          </p>
          <p className="text-xs text-stone-500">{minimumStayLabel(minimumDays)}</p>
        </div>
        <a href={`#${targetId}`} className="btn-primary h-11 shrink-0 rounded-full px-5" onClick={go}>
          {label}
        </a>
      </div>
    </div>
  )
}
