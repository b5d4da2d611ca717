// The hand-written day formats match Intl's for en-CA in UTC, so pages read the same as they did with it.
import { describe, expect, it } from 'vitest'
import { formatDay, formatMonth, formatMonthOf, formatWeekdayDay } from './format-date'

const months = Array.from({ length: 12 }, (_, m) => String(m + 1).padStart(2, '0'))
const intl = (d: Date, options: Intl.DateTimeFormatOptions) => d.toLocaleDateString('en-CA', { ...options, timeZone: 'UTC' })

describe('formatDay and formatMonth', () => {
  it.each(months)('writes days of month %s as Intl writes them in en-CA', (m) => {
    for (const day of ['01', '09', '28']) {
      const d = new Date(`2026-${m}-${day}T12:00:00Z`)
      expect(formatDay(`2026-${m}-${day}`)).toBe(intl(d, { month: 'short', day: 'numeric', year: 'numeric' }))
      expect(formatDay(`2026-${m}-${day}`, { year: false })).toBe(intl(d, { month: 'short', day: 'numeric' }))
    }
    const mid = new Date(`2026-${m}-15T12:00:00Z`)
    expect(formatMonth(`2026-${m}`)).toBe(intl(mid, { month: 'short' }))
    expect(formatMonth(`2026-${m}`, { long: true })).toBe(intl(mid, { month: 'long', year: 'numeric' }))
  })

  it('reads an instant as its UTC day', () => {
    expect(formatDay('2026-03-05T23:30:00Z')).toBe('Mar 5, 2026')
    expect(formatDay('2026-03-05T23:30:00-05:00')).toBe('Mar 6, 2026')
    expect(formatDay('2025-12-31T00:00:00.000Z', { year: false })).toBe('Dec 31')
  })
})

describe('formatWeekdayDay and formatMonthOf', () => {
  it('writes every day of a year as Intl writes a calendar day in en-US (weekday, month, day)', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10)
      const d = new Date(`${day}T12:00:00Z`)
      expect(formatWeekdayDay(day)).toBe(d.toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }))
    }
  })

  it('writes an instant as its UTC month and year, as Intl does in en-CA', () => {
    for (const iso of ['2024-03-05T10:00:00Z', '2025-12-31T23:59:59.999Z', '2026-01-01T00:00:00.000Z', '2026-07-15T08:00:00+05:00']) {
      expect(formatMonthOf(iso)).toBe(intl(new Date(iso), { month: 'long', year: 'numeric' }))
    }
  })
})
