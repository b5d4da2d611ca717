// The hand-written number format matches Intl's, so pages read the same as they did with it (money: money.test.ts).
import { describe, expect, it } from 'vitest'
import { groupDigits } from './format-number'
import { formatTotal } from './storage-constants'

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

describe('formatTotal', () => {
  it('counts spaces, with the cap as "1,000+"', () => {
    expect(formatTotal(1)).toBe('1 space')
    expect(formatTotal(0)).toBe('0 spaces')
    expect(formatTotal(1_000)).toBe('1,000 spaces')
    expect(formatTotal(1_001)).toBe('1,000+ spaces')
  })
})
