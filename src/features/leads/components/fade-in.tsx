// Fades a block in once it scrolls into view. Blocks already on screen when the page opens show at once
// (no delay to the first paint), and users who prefer reduced motion never see the animation.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { startedPrerendered } from '../../../lib/prerender'

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches

/** Within this long after mounting, a block counts as "already on screen". */
const INITIAL_VIEW_MS = 200

type State = 'hidden' | 'instant' | 'fading'

export function FadeIn({ children, className = '' }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null)
  // A prerendered page was painted with every block visible: it stays so (no hiding after the paint).
  const [state, setState] = useState<State>(() =>
    typeof IntersectionObserver === 'undefined' || startedPrerendered() || prefersReducedMotion() ? 'instant' : 'hidden',
  )

  useEffect(() => {
    if (state !== 'hidden' || !ref.current) return
    const mountedAt = performance.now()
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return
        setState(performance.now() - mountedAt < INITIAL_VIEW_MS ? 'instant' : 'fading')
        observer.disconnect()
      },
      { rootMargin: '0px 0px -10% 0px' },
    )
    observer.observe(ref.current)
    return () => observer.disconnect()
  }, [state])

  const look = state === 'hidden' ? 'opacity-0 translate-y-4 motion-reduce:translate-y-0 motion-reduce:opacity-100' : 'opacity-100 translate-y-0'
  const motion = state === 'fading' ? 'motion-safe:transition motion-safe:duration-700' : ''
  return (
    <div ref={ref} data-visible={state !== 'hidden'} className={`${look} ${motion} ${className}`}>
      {children}
    </div>
  )
}
