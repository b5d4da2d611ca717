// Carousel positions wrap both ways (spec 4: index 0..2).
export const wrapIndex = (index: number, count: number) => (count <= 0 ? 0 : ((index % count) + count) % count)

/** A horizontal swipe of at least this many pixels moves one slide. */
export const SWIPE_THRESHOLD_PX = 40

/** -1 (swiped right: previous), 1 (swiped left: next) or 0 (a tap or a vertical scroll). */
export function swipeDirection(dx: number, dy: number, threshold = SWIPE_THRESHOLD_PX): -1 | 0 | 1 {
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy)) return 0
  return dx < 0 ? 1 : -1
}
