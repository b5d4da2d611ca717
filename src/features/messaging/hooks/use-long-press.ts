// Long-press (spec 9: 500 ms, 10 px movement tolerance): fires once the finger has stayed put long
// enough; moving further, lifting or cancelling first aborts it, and the click that follows is swallowed.
import { useCallback, useEffect, useRef, type PointerEvent, type MouseEvent } from 'react'

export const LONG_PRESS_MS = 500
export const LONG_PRESS_TOLERANCE_PX = 10

export function useLongPress(onLongPress: () => void, { delay = LONG_PRESS_MS, tolerance = LONG_PRESS_TOLERANCE_PX } = {}) {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const origin = useRef<{ x: number; y: number } | null>(null)
  const fired = useRef(false)
  const callback = useRef(onLongPress)
  callback.current = onLongPress

  const cancel = useCallback(() => {
    clearTimeout(timer.current)
    origin.current = null
  }, [])
  useEffect(() => cancel, [cancel])

  return {
    onPointerDown(e: PointerEvent) {
      if (e.pointerType === 'mouse' && e.button !== 0) return
      fired.current = false
      origin.current = { x: e.clientX, y: e.clientY }
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        origin.current = null
        fired.current = true
        callback.current()
      }, delay)
    },
    onPointerMove(e: PointerEvent) {
      const o = origin.current
      if (o && Math.hypot(e.clientX - o.x, e.clientY - o.y) > tolerance) cancel()
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onContextMenu(e: MouseEvent) {
      if (fired.current || origin.current) e.preventDefault()
    },
    onClickCapture(e: MouseEvent) {
      if (fired.current) {
        e.preventDefault()
        e.stopPropagation()
        fired.current = false
      }
    },
  }
}
