// A listing's availability as both tiers read it: which days a stay may use, given how many bookings fit
// at once (capacity), the stays that hold the space and the days the host blocked. Pure, zod-free (the
// listing page's calendar and the server's rule share it); days are YYYY-MM-DD UTC, compared as numbers.
import { addDays, dayNumber } from './booking-dates'
import { formatDay } from './format-date'

/** A stay or a block: whole days, both included; a null end runs on (a monthly stay until notice). */
export interface DayRange {
  startDate: string
  endDate: string | null
}

/** Days one availability answer may cover (a year and a bit: the listing page asks a month or two). */
export const AVAILABILITY_MAX_DAYS = 400

/** How full a day is: what the listing page's calendar colours it. */
export type DayStatus = 'free' | 'few' | 'full' | 'blocked'
export const dayStatus = (d: { left: number; blocked: boolean }, capacity: number): DayStatus =>
  d.blocked ? 'blocked' : d.left <= 0 ? 'full' : d.left < capacity && d.left <= Math.max(1, Math.floor(capacity / 3)) ? 'few' : 'free'

/** Each day from `from` to `to` (both included): places left and whether the host blocked it. */
export function daysOf(from: string, to: string, capacity: number, holding: readonly DayRange[], blocks: readonly DayRange[]) {
  const days: { date: string; left: number; blocked: boolean }[] = []
  for (let d = from; dayNumber(d) <= dayNumber(to); d = addDays(d, 1)) {
    const n = dayNumber(d)
    const covers = (r: DayRange) => dayNumber(r.startDate) <= n && (!r.endDate || n <= dayNumber(r.endDate))
    days.push({ date: d, left: Math.max(0, capacity - holding.filter(covers).length), blocked: blocks.some(covers) })
  }
  return days
}

/**
 * The stretches of `stay` it may not use, in order and merged: blocked days, and days on which the stays
 * holding the space already fill the capacity. Empty when the stay is free. A null end is a stretch that
 * runs on (a monthly stay until notice).
 */
export function unavailableRanges(stay: DayRange, capacity: number, holding: readonly DayRange[], blocks: readonly DayRange[]): DayRange[] {
  const end = (r: DayRange) => (r.endDate ? dayNumber(r.endDate) : Infinity)
  const s = dayNumber(stay.startDate)
  const e = end(stay)
  const bad: [number, number][] = []
  for (const b of blocks) if (dayNumber(b.startDate) <= e && end(b) >= s) bad.push([Math.max(s, dayNumber(b.startDate)), Math.min(e, end(b))])
  // A sweep over the holding stays: the count changes only where one starts or the day after one ends.
  const events = new Map<number, number>()
  for (const h of holding) {
    if (dayNumber(h.startDate) > e || end(h) < s) continue
    events.set(dayNumber(h.startDate), (events.get(dayNumber(h.startDate)) ?? 0) + 1)
    if (end(h) !== Infinity) events.set(end(h) + 1, (events.get(end(h) + 1) ?? 0) - 1)
  }
  const points = [...events.keys()].sort((a, b) => a - b)
  let count = 0
  points.forEach((p, i) => {
    count += events.get(p)!
    const next = points[i + 1] ?? Infinity
    if (count >= capacity && p <= e && next - 1 >= s) bad.push([Math.max(s, p), Math.min(e, next - 1)])
  })
  bad.sort((a, b) => a[0] - b[0])
  const merged: [number, number][] = []
  for (const r of bad) {
    const last = merged[merged.length - 1]
    if (last && r[0] <= last[1] + 1) last[1] = Math.max(last[1], r[1])
    else merged.push([...r])
  }
  const day = (n: number) => addDays('1970-01-01', n)
  return merged.map(([a, b]) => ({ startDate: day(a), endDate: b === Infinity ? null : day(b) }))
}

/** "Mar 3": a day as the calendar's notices write it. */
export const shortDay = (day: string) => formatDay(day, { year: false })

/** "Mar 3 – Mar 5 are not available.", "Mar 3 is not available.", "Mar 8 onwards is not available." */
export function unavailableText(ranges: readonly DayRange[]): string {
  const shown = ranges
    .slice(0, 3)
    .map((r) =>
      r.endDate === null
        ? `${shortDay(r.startDate)} onwards`
        : r.endDate === r.startDate
          ? shortDay(r.startDate)
          : `${shortDay(r.startDate)} – ${shortDay(r.endDate)}`,
    )
  if (ranges.length > 3) shown.push(`${ranges.length - 3} more`)
  const text = shown.length > 1 ? `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}` : shown[0]
  const one = ranges.length === 1 && (ranges[0]!.endDate === null || ranges[0]!.endDate === ranges[0]!.startDate)
  return `${text} ${one ? 'is' : 'are'} not available.`
}

/** The stretches of consecutive days, of those given, that a stay may not use (full or blocked). */
export function takenRanges(days: readonly { date: string; left: number; blocked: boolean }[]): DayRange[] {
  const out: { startDate: string; endDate: string }[] = []
  for (const d of days) {
    if (d.left > 0 && !d.blocked) continue
    const last = out[out.length - 1]
    if (last && addDays(last.endDate, 1) === d.date) last.endDate = d.date
    else out.push({ startDate: d.date, endDate: d.date })
  }
  return out
}
