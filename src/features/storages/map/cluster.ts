// Groups the map's price pills that would cover each other on screen. Greedy, in screen pixels at the
// map's zoom: one pass per zoom over the listings in view (a page at most), so no plugin or index.

export interface Placed<T> {
  item: T
  x: number
  y: number
}

export interface Group<T> {
  items: T[]
  /** Where the group shows: its first point (no two groups' first points overlap, so no two marks do). */
  x: number
  y: number
}

/**
 * Marks sit above their point (a pill about 22 px tall and up to 70 px wide, a count 36 px): two overlap
 * when closer than this on both axes.
 */
export const PILL_SPAN = { x: 72, y: 40 } as const
/** A pill's height and a gap: the step between stacked pills. */
const STACK_STEP = 26

/** Each point joins the first group whose first point it would overlap, else starts one. */
export function groupOverlapping<T>(points: Placed<T>[], span: { x: number; y: number } = PILL_SPAN): Group<T>[] {
  const groups: { anchor: Placed<T>; members: Placed<T>[] }[] = []
  for (const p of points) {
    const near = groups.find((g) => Math.abs(g.anchor.x - p.x) < span.x && Math.abs(g.anchor.y - p.y) < span.y)
    if (near) near.members.push(p)
    else groups.push({ anchor: p, members: [p] })
  }
  return groups.map(({ anchor, members }) => ({ items: members.map((m) => m.item), x: anchor.x, y: anchor.y }))
}

/**
 * Vertical offsets that stack a group's pills around its point, for listings that share a spot (shown
 * locations are rounded to about 500 m, so neighbours can share one exactly and no zoom parts them).
 */
export function stackOffsets(count: number, step = STACK_STEP): number[] {
  return Array.from({ length: count }, (_, i) => Math.round((i - (count - 1) / 2) * step))
}
