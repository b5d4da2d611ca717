// The hand-written day formats match Intl's for en-CA in UTC, so pages read the same as they did with it.
import { describe, expect, it } from 'vitest'
import { formatDay, formatMonth } from './format-date'

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
