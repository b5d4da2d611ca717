// The hand-written number formats match Intl's, so pages read the same as they did with it.
import { describe, expect, it } from 'vitest'
import { formatDollarsFromCents, groupDigits, isDollars } from './format-number'
import { formatPrice, formatTotal } from './storage-constants'

const VALUES = [0, 1, 7, 12, 99, 100, 999, 1000, 1001, 12_345, 99_999, 100_000, 999_999, 1_000_000, 1_234_567, 987_654_321]

describe('groupDigits', () => {
  it.each(VALUES)('writes %d as en-CA and en-US do', (n) => {
    expect(groupDigits(n)).toBe(n.toLocaleString('en-CA'))
    expect(groupDigits(n)).toBe(n.toLocaleString('en-US'))
    if (n) expect(groupDigits(-n)).toBe((-n).toLocaleString('en-US'))
  })
  it('keeps up to three decimals, rounded, as toLocaleString does', () => {
    for (const n of [0.5, 1.25, 1234.5678, 1000.1, 2.0005, 123456.789]) expect(groupDigits(n)).toBe(n.toLocaleString('en-US'))
  })
})

describe('formatDollarsFromCents and formatPrice', () => {
  it.each([0, 1, 50, 99, 100, 150, 1_000, 12_345, 100_000, 123_450, 9_999_999])('writes %d cents as Intl writes CAD in en-CA', (cents) => {
    const intl = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', maximumFractionDigits: cents % 100 === 0 ? 0 : 2 }).format(cents / 100)
    expect(formatDollarsFromCents(cents)).toBe(intl)
    expect(formatPrice(cents)).toBe(intl)
  })
  it.each([0, 1, 99, 100, 12_345, 123_450, -1_250, -120_000])('writes %d cents with cents always as Intl writes CAD narrowSymbol in en-CA', (cents) => {
    const intl = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD', currencyDisplay: 'narrowSymbol' }).format(cents / 100)
    expect(formatDollarsFromCents(cents, { alwaysCents: true })).toBe(intl)
  })
  it.each([0, 99, 100, 12_345, 120_000, -1_250, -120_000])('writes %d cents as the dashboards did with Intl (no cents when whole)', (cents) => {
    const intl = new Intl.NumberFormat('en-CA', {
      style: 'currency',
      currency: 'CAD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: cents % 100 ? undefined : 0,
      maximumFractionDigits: cents % 100 ? undefined : 0,
    }).format(cents / 100)
    expect(formatDollarsFromCents(cents)).toBe(intl)
  })
  it('counts only Canadian dollars as dollars', () => {
    expect([isDollars('CAD'), isDollars('cad'), isDollars('USD'), isDollars('JPY')]).toEqual([true, true, false, false])
  })
  it('formats other currencies with Intl, and nothing as a dash', () => {
    expect(formatPrice(1_250, 'USD')).toBe(new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'USD', maximumFractionDigits: 2 }).format(12.5))
    expect(formatPrice(null)).toBe('—')
  })
})

describe('formatTotal', () => {
  it('counts spaces, with the cap as "1,000+"', () => {
    expect(formatTotal(1)).toBe('1 space')
    expect(formatTotal(0)).toBe('0 spaces')
    expect(formatTotal(1_000)).toBe('1,000 spaces')
    expect(formatTotal(1_001)).toBe('1,000+ spaces')
  })
})
