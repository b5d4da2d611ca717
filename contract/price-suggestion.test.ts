import { describe, expect, it } from 'vitest'
import { priceOutsideRange } from './price-suggestion'

describe('priceOutsideRange', () => {
  const range = { low: 85_00, median: 110_00, high: 140_00 }
  it('warns under half the low end and over 1.5 × the high end, not at the edges', () => {
    expect(priceOutsideRange(42_49, range)).toBe('low')
    expect(priceOutsideRange(42_50, range)).toBeNull()
    expect(priceOutsideRange(210_00, range)).toBeNull()
    expect(priceOutsideRange(210_01, range)).toBe('high')
  })
  it('says nothing without a price or a range', () => {
    expect(priceOutsideRange(null, range)).toBeNull()
    expect(priceOutsideRange(1_00, null)).toBeNull()
  })
})
