// Access hours as data (spec: listing access): weekly windows and dated exceptions in the listing's own
// time zone, and the pure rules read from them: is it open at an instant, the open windows of a day, the
// next windows, and the words shown on the listing and the booking. Zod-free (the listing page's bundle);
// the zod schema is in access-schedule.ts. Zone arithmetic uses the platform's zone data through Intl (a
// DST change included), or the clock the server worked out with it (ZoneClock) where a page has one.
import { dateFormat } from './intl'

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export type Weekday = (typeof WEEKDAYS)[number]
export const WEEKDAY_LABEL: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' }

export interface WeeklyWindow {
  days: Weekday[]
  /** 'HH:MM', 00:00–23:59. */
  open: string
  /** 'HH:MM' after open; '24:00' is the end of the day. */
  close: string
}
export type ScheduleException = { date: string; closed: true } | { date: string; closed?: false; open: string; close: string }
export interface AccessSchedule {
  /** IANA zone the hours are in (the listing's). */
  timeZone: string
  /** No windows: by appointment (any time the two agree). */
  weekly: WeeklyWindow[]
  exceptions: ScheduleException[]
  /** Sent by the server with a listing's and a door card's schedule (never stored, never sent back). */
  clock?: ZoneClock
}

/**
 * The zone's offsets from UTC over the coming year, worked out by the server (zoneClock), so a page tells
 * the zone's wall clock ("Open now") by arithmetic. Intl is exact but its first formatter costs a page
 * ICU's start (about 20 ms on a laptop, 170 ms on a low-tier phone), and a listing has no other use for
 * it (issue 45). Each offset is in force from `from` to the next one's; the last until `until`. Outside
 * that span, Intl.
 */
export interface ZoneClock {
  offsets: { from: string; minutes: number }[]
  until: string
}

/** A province or state's zone (the one most of its people use); unknown: Toronto. */
const PROVINCE_ZONES: Record<string, string> = {
  BC: 'America/Vancouver',
  AB: 'America/Edmonton',
  SK: 'America/Regina',
  MB: 'America/Winnipeg',
  ON: 'America/Toronto',
  QC: 'America/Toronto',
  NB: 'America/Moncton',
  NS: 'America/Halifax',
  PE: 'America/Halifax',
  NL: 'America/St_Johns',
  YT: 'America/Whitehorse',
  NT: 'America/Yellowknife',
  NU: 'America/Iqaluit',
  WA: 'America/Los_Angeles',
  CA: 'America/Los_Angeles',
  OR: 'America/Los_Angeles',
  NY: 'America/New_York',
  IL: 'America/Chicago',
  TX: 'America/Chicago',
  CO: 'America/Denver',
  AZ: 'America/Phoenix',
}
const PROVINCE_NAMES: Record<string, string> = {
  'BRITISH COLUMBIA': 'BC',
  ALBERTA: 'AB',
  SASKATCHEWAN: 'SK',
  MANITOBA: 'MB',
  ONTARIO: 'ON',
  QUEBEC: 'QC',
  QUÉBEC: 'QC',
  'NEW BRUNSWICK': 'NB',
  'NOVA SCOTIA': 'NS',
  'PRINCE EDWARD ISLAND': 'PE',
  'NEWFOUNDLAND AND LABRADOR': 'NL',
}
export const DEFAULT_TIME_ZONE = 'America/Toronto'

export function zoneForProvince(state: string): string {
  const key = state.trim().toUpperCase()
  return PROVINCE_ZONES[PROVINCE_NAMES[key] ?? key] ?? DEFAULT_TIME_ZONE
}

/** "Toronto" from America/Toronto, "St Johns" from America/St_Johns. */
export const zoneCity = (timeZone: string) => (timeZone.split('/').pop() ?? timeZone).replace(/_/g, ' ')

export const isValidTimeZone = (timeZone: string) => {
  try {
    dateFormat('en-CA', { timeZone })
    return true
  } catch {
    return false
  }
}

/** 'HH:MM' → minutes after midnight ('24:00' → 1440). */
export const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5))
/** Minutes → '7:00', '22:30', '24:00'. */
export const minutesLabel = (m: number) => `${Math.floor(m / 60)}:${String(m % 60).padStart(2, '0')}`

/** The zone's offset at an instant by the clock, or undefined when the clock does not cover it. */
function clockOffset(clock: ZoneClock | undefined, t: number): number | undefined {
  const first = clock?.offsets[0]
  if (!clock || !first || t < Date.parse(first.from) || t >= Date.parse(clock.until)) return undefined
  let minutes = first.minutes
  for (const o of clock.offsets) {
    if (Date.parse(o.from) > t) break
    minutes = o.minutes
  }
  return minutes
}

/** The wall-clock date, weekday and minute of an instant in a zone (by its clock where it covers the instant). */
export function zonedParts(instant: Date, timeZone: string, clock?: ZoneClock): { date: string; weekday: Weekday; minutes: number } {
  const offset = clockOffset(clock, instant.getTime())
  if (offset !== undefined) {
    const wall = new Date(Math.floor(instant.getTime() / 60_000) * 60_000 + offset * 60_000)
    return {
      date: wall.toISOString().slice(0, 10),
      weekday: WEEKDAYS[(wall.getUTCDay() + 6) % 7]!,
      minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
    }
  }
  const parts = dateFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    weekday: get('weekday').toLowerCase().slice(0, 3) as Weekday,
    minutes: (Number(get('hour')) % 24) * 60 + Number(get('minute')),
  }
}

/** The zone's offset from UTC in minutes at an instant (Toronto in winter: -300). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone)
  const asUtc = Date.parse(`${p.date}T00:00:00Z`) + p.minutes * 60_000
  return Math.round((asUtc - Math.floor(instant.getTime() / 60_000) * 60_000) / 60_000)
}

/**
 * The zone's clock from an instant for `days` days (the server sends it with a schedule): its offset
 * sampled every 12 hours, each change found to the minute. Zones change offset at most twice a year.
 */
export function zoneClock(timeZone: string, from: Date, days = 400): ZoneClock {
  const STEP = 12 * 60 * 60_000
  const start = Math.floor(from.getTime() / 60_000) * 60_000
  const end = start + days * 86_400_000
  const offsets = [{ from: new Date(start).toISOString(), minutes: offsetMinutes(new Date(start), timeZone) }]
  for (let t = start + STEP; t < end; t += STEP) {
    const minutes = offsetMinutes(new Date(t), timeZone)
    if (minutes === offsets.at(-1)!.minutes) continue
    // The change lies in (t - STEP, t]: the first minute with the new offset.
    let lo = t - STEP
    let hi = t
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 120_000) * 60_000
      if (offsetMinutes(new Date(mid), timeZone) === minutes) hi = mid
      else lo = mid
    }
    offsets.push({ from: new Date(hi).toISOString(), minutes })
  }
  return { offsets, until: new Date(end).toISOString() }
}

/**
 * The instant a wall-clock time on a date has in a zone. A time skipped by a spring-forward change is read
 * with the offset before it (2:30 becomes 3:30); a repeated one is its first occurrence.
 */
export function zonedInstant(date: string, minutes: number, timeZone: string): Date {
  const wall = Date.parse(`${date}T00:00:00Z`) + minutes * 60_000
  const first = offsetMinutes(new Date(wall), timeZone)
  const guess = wall - first * 60_000
  const second = offsetMinutes(new Date(guess), timeZone)
  if (second === first) return new Date(guess)
  const other = wall - second * 60_000
  return offsetMinutes(new Date(other), timeZone) === second ? new Date(Math.min(guess, other)) : new Date(wall - first * 60_000)
}

export const weekdayOf = (date: string): Weekday => WEEKDAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!

/** The open windows of a calendar day in the listing's zone, in minutes; null: by appointment. */
export function windowsOn(schedule: AccessSchedule, date: string): { open: number; close: number }[] | null {
  const exception = schedule.exceptions.find((e) => e.date === date)
  if (exception) return exception.closed ? [] : [{ open: toMinutes(exception.open), close: toMinutes(exception.close) }]
  if (schedule.weekly.length === 0) return null
  const day = weekdayOf(date)
  return schedule.weekly
    .filter((w) => w.days.includes(day))
    .map((w) => ({ open: toMinutes(w.open), close: toMinutes(w.close) }))
    .sort((a, b) => a.open - b.open)
}

/** Whether the space can be entered at an instant (by appointment: always). */
export function isOpenAt(schedule: AccessSchedule, instant: Date): boolean {
  const p = zonedParts(instant, schedule.timeZone, schedule.clock)
  const windows = windowsOn(schedule, p.date)
  return windows === null || windows.some((w) => p.minutes >= w.open && p.minutes < w.close)
}

/** Whether a visit from `start` for `minutes` fits inside one open window of its day. */
export function fitsVisit(schedule: AccessSchedule, start: Date, minutes: number): boolean {
  const p = zonedParts(start, schedule.timeZone)
  const windows = windowsOn(schedule, p.date)
  if (windows === null) return true
  // Wall-clock end, so a visit over a DST change is measured in the time a person reads on the clock.
  const end = zonedParts(new Date(start.getTime() + minutes * 60_000), schedule.timeZone)
  const endMinutes = end.date === p.date ? end.minutes : 1440 + end.minutes
  return windows.some((w) => p.minutes >= w.open && endMinutes <= w.close)
}

/** The next `count` open windows from an instant (the one open now first), as instants; [] by appointment. */
export function nextWindows(schedule: AccessSchedule, from: Date, count = 3, days = 14): { start: Date; end: Date }[] {
  const out: { start: Date; end: Date }[] = []
  const today = zonedParts(from, schedule.timeZone).date
  for (let i = 0; i < days && out.length < count; i++) {
    const date = addDays(today, i)
    for (const w of windowsOn(schedule, date) ?? []) {
      const start = zonedInstant(date, w.open, schedule.timeZone)
      const end = w.close >= 1440 ? zonedInstant(addDays(date, 1), w.close - 1440, schedule.timeZone) : zonedInstant(date, w.close, schedule.timeZone)
      if (end > from && out.length < count) out.push({ start: start < from ? from : start, end })
    }
  }
  return out
}

export const addDays = (date: string, n: number) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10)

export const is24x7 = (schedule: AccessSchedule | null | undefined) =>
  !!schedule && WEEKDAYS.every((d) => schedule.weekly.some((w) => w.days.includes(d) && w.open === '00:00' && w.close === '24:00'))

/** "Mon–Fri", "Sat–Sun", "Mon, Wed, Fri", "Every day". */
export function daysLabel(days: readonly Weekday[]): string {
  const idx = [...new Set(days)].map((d) => WEEKDAYS.indexOf(d)).sort((a, b) => a - b)
  if (idx.length === 7) return 'Every day'
  const runs: number[][] = []
  for (const i of idx) {
    const run = runs.at(-1)
    if (run && run.at(-1) === i - 1) run.push(i)
    else runs.push([i])
  }
  return runs
    .map((r) =>
      r.length >= 3 || (r.length === 2 && r[0] === 5)
        ? `${WEEKDAY_LABEL[WEEKDAYS[r[0]!]!]}–${WEEKDAY_LABEL[WEEKDAYS[r.at(-1)!]!]}`
        : r.map((i) => WEEKDAY_LABEL[WEEKDAYS[i]!]).join(', '),
    )
    .join(', ')
}

/** "Mon–Fri 7:00–22:00 · Sat–Sun 9:00–18:00 (Toronto time)"; "Open 24/7"; "By appointment". */
export function formatSchedule(schedule: AccessSchedule): string {
  const zone = `(${zoneCity(schedule.timeZone)} time)`
  if (is24x7(schedule)) return 'Open 24/7'
  if (schedule.weekly.length === 0) return 'By appointment'
  const lines = schedule.weekly.map((w) => `${daysLabel(w.days)} ${minutesLabel(toMinutes(w.open))}–${minutesLabel(toMinutes(w.close))}`)
  return `${lines.join(' · ')} ${zone}`
}

/** The months as en-CA writes them short (no Intl on a listing: ZoneClock). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "Thu, Dec 24: closed", "Thu, Dec 31: 9:00–13:00": the coming exceptions (from `today`), soonest first. */
export function formatExceptions(schedule: AccessSchedule, today: string): string[] {
  return schedule.exceptions
    .filter((e) => e.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date))
    .map((e) => {
      const day = `${WEEKDAY_LABEL[weekdayOf(e.date)]}, ${MONTHS[Number(e.date.slice(5, 7)) - 1]} ${Number(e.date.slice(8, 10))}`
      return e.closed ? `${day}: closed` : `${day}: ${minutesLabel(toMinutes(e.open))}–${minutesLabel(toMinutes(e.close))}`
    })
}

/** "Sat, Mar 7" and "10:00" of an instant in a zone. */
export function zonedDayTime(instant: Date, timeZone: string): { day: string; time: string } {
  const p = zonedParts(instant, timeZone)
  const day = dateFormat('en-CA', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(instant)
  return { day, time: minutesLabel(p.minutes) }
}

/**
 * "Sat, Mar 7, 10:00–10:30 Toronto time", with " · 7:00–7:30 your time" when the viewer's zone shows a
 * different clock.
 */
export function formatVisitTime(start: Date, minutes: number, timeZone: string, viewerZone?: string): string {
  const end = new Date(start.getTime() + minutes * 60_000)
  const a = zonedDayTime(start, timeZone)
  const text = `${a.day}, ${a.time}–${zonedDayTime(end, timeZone).time} ${zoneCity(timeZone)} time`
  if (!viewerZone || viewerZone === timeZone) return text
  const v = zonedDayTime(start, viewerZone)
  if (v.time === a.time && v.day === a.day) return text
  return `${text} · ${v.day === a.day ? '' : `${v.day}, `}${v.time}–${zonedDayTime(end, viewerZone).time} your time`
}

/** The presets the editor offers. */
export const SCHEDULE_PRESETS = {
  '24/7': [{ days: [...WEEKDAYS], open: '00:00', close: '24:00' }],
  daily: [{ days: [...WEEKDAYS], open: '07:00', close: '22:00' }],
  weekdays: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '09:00', close: '17:00' }],
} satisfies Record<string, WeeklyWindow[]>
