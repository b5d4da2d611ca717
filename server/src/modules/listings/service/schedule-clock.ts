// A schedule as a page reads it: with its zone's clock for the coming year (contract/access-hours.ts,
// ZoneClock), so the listing and the door card tell "Open now" without Intl in the browser. Worked out
// once a day per zone (a few hundred Intl calls, about a millisecond), from the start of the UTC day
// before, so a page cached or saved on the device a while still has a clock that covers its now.
import { zoneClock, type AccessSchedule, type ZoneClock } from '@contract/access-hours'

const DAY = 86_400_000
let clocks = new Map<string, ZoneClock>()
let clocksDay = -1

export function clockFor(timeZone: string, now = Date.now()): ZoneClock {
  const day = Math.floor(now / DAY)
  if (day !== clocksDay) {
    clocks = new Map()
    clocksDay = day
  }
  let clock = clocks.get(timeZone)
  if (!clock) clocks.set(timeZone, (clock = zoneClock(timeZone, new Date((day - 1) * DAY))))
  return clock
}

/** The schedule with its zone's clock (null stays null). */
export function withClock(schedule: AccessSchedule | null | undefined): AccessSchedule | null {
  if (!schedule) return null
  try {
    return { ...schedule, clock: clockFor(schedule.timeZone) }
  } catch {
    return schedule // a zone the platform does not know: the page falls back to Intl (as it would)
  }
}
