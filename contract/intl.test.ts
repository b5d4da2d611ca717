import { describe, expect, it } from 'vitest'
import { dateFormat, numberFormat } from './intl'

describe('Intl formatters made once', () => {
  it('gives the same formatter for the same locale and options, another for other options', () => {
    const a = dateFormat('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' })
    expect(dateFormat('en-CA', { month: 'short', day: 'numeric', timeZone: 'UTC' })).toBe(a)
    expect(dateFormat('en-CA', { month: 'long', day: 'numeric', timeZone: 'UTC' })).not.toBe(a)
    expect(dateFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' })).not.toBe(a)
    expect(numberFormat('en-CA', { style: 'currency', currency: 'CAD' })).toBe(numberFormat('en-CA', { style: 'currency', currency: 'CAD' }))
    expect(numberFormat('en-CA', { style: 'currency', currency: 'JPY' })).not.toBe(numberFormat('en-CA', { style: 'currency', currency: 'CAD' }))
  })

  it('writes what toLocaleDateString and a new NumberFormat write', () => {
    const day = new Date('2026-03-05T12:00:00Z')
    const options: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }
    expect(dateFormat('en-CA', options).format(day)).toBe(day.toLocaleDateString('en-CA', options))
    expect(dateFormat('en-CA', options).format(day)).toBe('Mar 5, 2026')
    const money: Intl.NumberFormatOptions = { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' }
    expect(numberFormat('en-CA', money).format(1234.5)).toBe(new Intl.NumberFormat('en-CA', money).format(1234.5))
    expect(numberFormat('en-CA', money).format(1234.5)).toBe('$1,234.50')
  })
})
