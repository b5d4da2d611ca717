// Whether an element has come near the screen (within `margin` of it), once: it stays true after. For work
// a person only sees when they scroll to it (a listing's map), so it is not done while the page starts on
// a slow phone. Where IntersectionObserver is missing, true at once.
import { useEffect, useState, type RefObject } from 'react'

export function useNearViewport(ref: RefObject<Element | null>, margin = '600px'): boolean {
  const [near, setNear] = useState(false)
  useEffect(() => {
    const el = ref.current
    if (near || !el) return
    if (typeof IntersectionObserver === 'undefined') return setNear(true)
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), { rootMargin: margin })
    observer.observe(el)
    return () => observer.disconnect()
  }, [ref, margin, near])
  return near
}
