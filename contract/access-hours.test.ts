import { describe, expect, it } from 'vitest'
import {
  addDays,
  fitsVisit,
  formatExceptions,
  formatSchedule,
  formatVisitTime,
  is24x7,
  isOpenAt,
  nextWindows,
  SCHEDULE_PRESETS,
  windowsOn,
  zoneClock,
  zonedInstant,
  zonedParts,
  zoneForProvince,
  type AccessSchedule,
} from './access-hours'
import { AccessScheduleSchema } from './access-schedule'

const toronto: AccessSchedule = {
  timeZone: 'America/Toronto',
  weekly: [
    { days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '07:00', close: '22:00' },
    { days: ['sat', 'sun'], open: '09:00', close: '18:00' },
  ],
  exceptions: [
    { date: '2026-12-25', closed: true },
    { date: '2026-12-24', open: '09:00', close: '13:00' },
  ],
}

describe('access hours', () => {
  it('reads the hours in the listing zone, not UTC', () => {
    // Monday 2026-11-30 06:59 Toronto (EST, UTC-5) is 11:59Z: closed; 12:00Z is 7:00: open.
    expect(isOpenAt(toronto, new Date('2026-11-30T11:59:00Z'))).toBe(false)
    expect(isOpenAt(toronto, new Date('2026-11-30T12:00:00Z'))).toBe(true)
    // 22:00 closes: 03:00Z the next day.
    expect(isOpenAt(toronto, new Date('2026-12-01T02:59:00Z'))).toBe(true)
    expect(isOpenAt(toronto, new Date('2026-12-01T03:00:00Z'))).toBe(false)
  })

  it('follows a DST change: 9:00 on the spring-forward Sunday is 13:00Z, the Sunday before 14:00Z', () => {
    expect(zonedInstant('2026-03-08', 9 * 60, 'America/Toronto').toISOString()).toBe('2026-03-08T13:00:00.000Z')
    expect(zonedInstant('2026-03-01', 9 * 60, 'America/Toronto').toISOString()).toBe('2026-03-01T14:00:00.000Z')
    expect(isOpenAt(toronto, new Date('2026-03-08T12:59:00Z'))).toBe(false)
    expect(isOpenAt(toronto, new Date('2026-03-08T13:00:00Z'))).toBe(true)
    // Fall back: 2026-11-01 9:00 EST is 14:00Z.
    expect(zonedInstant('2026-11-01', 9 * 60, 'America/Toronto').toISOString()).toBe('2026-11-01T14:00:00.000Z')
    // A time skipped by the change (2:30) reads as 3:30 EDT.
    expect(zonedInstant('2026-03-08', 150, 'America/Toronto').toISOString()).toBe('2026-03-08T07:30:00.000Z')
  })

  it('exceptions replace the weekly hours of their day', () => {
    expect(windowsOn(toronto, '2026-12-25')).toEqual([])
    expect(windowsOn(toronto, '2026-12-24')).toEqual([{ open: 540, close: 780 }])
    expect(isOpenAt(toronto, zonedInstant('2026-12-24', 14 * 60, 'America/Toronto'))).toBe(false)
  })

  it('a visit must fit inside one window', () => {
    const sat = (h: number, m = 0) => zonedInstant('2026-12-05', h * 60 + m, 'America/Toronto')
    expect(fitsVisit(toronto, sat(9), 30)).toBe(true)
    expect(fitsVisit(toronto, sat(17, 30), 30)).toBe(true)
    expect(fitsVisit(toronto, sat(17, 45), 30)).toBe(false)
    expect(fitsVisit(toronto, sat(8, 50), 30)).toBe(false)
  })

  it('no weekly windows is by appointment: any time', () => {
    const appt: AccessSchedule = { timeZone: 'America/Vancouver', weekly: [], exceptions: [] }
    expect(isOpenAt(appt, new Date('2026-12-05T09:00:00Z'))).toBe(true)
    expect(formatSchedule(appt)).toBe('By appointment')
  })

  it('24/7 is every day 00:00–24:00', () => {
    const all: AccessSchedule = { timeZone: 'America/Toronto', weekly: SCHEDULE_PRESETS['24/7'], exceptions: [] }
    expect(is24x7(all)).toBe(true)
    expect(is24x7(toronto)).toBe(false)
    expect(isOpenAt(all, new Date('2026-12-05T04:59:00Z'))).toBe(true)
    expect(formatSchedule(all)).toBe('Open 24/7')
  })

  it('formats the week as the listing shows it', () => {
    expect(formatSchedule(toronto)).toBe('Mon–Fri 7:00–22:00 · Sat–Sun 9:00–18:00 (Toronto time)')
    expect(formatSchedule({ timeZone: 'America/St_Johns', weekly: [{ days: ['mon', 'wed', 'fri'], open: '09:00', close: '17:00' }], exceptions: [] })).toBe(
      'Mon, Wed, Fri 9:00–17:00 (St Johns time)',
    )
  })

  it('the next windows start with the one open now', () => {
    const now = new Date('2026-12-05T15:00:00Z') // Sat 10:00 Toronto
    const next = nextWindows(toronto, now, 2)
    expect(next[0]).toEqual({ start: now, end: new Date('2026-12-05T23:00:00Z') })
    expect(next[1]!.start.toISOString()).toBe('2026-12-06T14:00:00.000Z')
  })

  it('shows the listing time and, when it differs, the viewer time', () => {
    const start = new Date('2026-03-07T15:00:00Z')
    expect(formatVisitTime(start, 30, 'America/Toronto')).toBe('Sat, Mar 7, 10:00–10:30 Toronto time')
    expect(formatVisitTime(start, 30, 'America/Toronto', 'America/Vancouver')).toBe('Sat, Mar 7, 10:00–10:30 Toronto time · 7:00–7:30 your time')
    expect(formatVisitTime(start, 30, 'America/Toronto', 'America/Toronto')).toBe('Sat, Mar 7, 10:00–10:30 Toronto time')
  })

  it('the zone defaults from the province', () => {
    expect(zoneForProvince('ON')).toBe('America/Toronto')
    expect(zoneForProvince('bc')).toBe('America/Vancouver')
    expect(zoneForProvince('British Columbia')).toBe('America/Vancouver')
    expect(zoneForProvince('')).toBe('America/Toronto')
  })

  it('the schema refuses a window that closes before it opens and an unknown zone, naming the field', () => {
    const bad = AccessScheduleSchema.safeParse({ timeZone: 'Mars/Base', weekly: [{ days: ['mon'], open: '10:00', close: '09:00' }] })
    expect(bad.success).toBe(false)
    const paths = bad.error!.issues.map((i) => i.path.join('.'))
    expect(paths).toContain('timeZone')
    expect(paths).toContain('weekly.0.close')
    expect(AccessScheduleSchema.parse({ timeZone: 'America/Toronto', weekly: SCHEDULE_PRESETS['24/7'] }).exceptions).toEqual([])
  })

  it('the clock the server sends tells the same wall time as Intl, through every DST change of its year, to the minute', () => {
    const from = new Date('2026-11-29T00:00:00Z')
    // DST at 2:00 (Toronto, Vancouver), at 2:00 off a half-hour offset (St John's), none (Regina, Kolkata),
    // at 1:00 UTC (London), and a half-hour change (Lord Howe).
    for (const zone of ['America/Toronto', 'America/Vancouver', 'America/St_Johns', 'America/Regina', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
      const clock = zoneClock(zone, from)
      expect(clock.offsets.length).toBeLessThanOrEqual(3)
      const end = Date.parse(clock.until)
      for (let t = from.getTime(); t < end; t += 97 * 60_000 + 13_000)
        expect(zonedParts(new Date(t), zone, clock), `${zone} ${new Date(t).toISOString()}`).toEqual(zonedParts(new Date(t), zone))
      // Each side of each change, to the minute.
      for (const { from: change } of clock.offsets.slice(1))
        for (const t of [Date.parse(change) - 60_000, Date.parse(change) - 1, Date.parse(change)])
          expect(zonedParts(new Date(t), zone, clock)).toEqual(zonedParts(new Date(t), zone))
    }
  })

  it('reads "Open now" by the clock where it covers the instant, and by Intl outside it', () => {
    // A clock that says Toronto is at UTC+0 (a wrong one, to see which is read): 10:30 UTC is 10:30 on it, 5:30 by Intl.
    const wrong = { offsets: [{ from: '2027-01-01T00:00:00.000Z', minutes: 0 }], until: '2027-02-01T00:00:00.000Z' }
    const sunday = { ...toronto, weekly: [{ days: ['sun' as const], open: '09:00', close: '18:00' }], clock: wrong }
    expect(isOpenAt(sunday, new Date('2027-01-03T10:30:00Z'))).toBe(true)
    expect(isOpenAt({ ...sunday, clock: undefined }, new Date('2027-01-03T10:30:00Z'))).toBe(false)
    expect(isOpenAt(sunday, new Date('2027-02-07T10:30:00Z'))).toBe(false) // past `until`: Intl
    expect(isOpenAt(sunday, new Date('2026-12-27T10:30:00Z'))).toBe(false) // before the first offset: Intl
  })

  it('writes the coming exceptions as en-CA does, without Intl', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', month: 'short', day: 'numeric', weekday: 'short' })
    for (let i = 0, date = '2027-01-01'; i < 366; i++, date = addDays(date, 1))
      expect(formatExceptions({ ...toronto, exceptions: [{ date, closed: true }] }, '2027-01-01')).toEqual([
        `${intl.format(new Date(`${date}T12:00:00Z`))}: closed`,
      ])
    expect(formatExceptions(toronto, '2026-12-01')).toEqual(['Thu, Dec 24: 9:00–13:00', 'Fri, Dec 25: closed'])
  })
})
