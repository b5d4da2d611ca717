import { describe, expect, it } from 'vitest'
import { formatAmount } from './format-money'

describe('formatAmount', () => {
  it('writes every amount with its cents, so figures side by side read alike', () => {
    expect(formatAmount(10_800, 'CAD')).toBe('$108.00')
    expect(formatAmount(15_750, 'CAD')).toBe('$157.50')
    expect(formatAmount(120_000, 'CAD')).toBe('$1,200.00')
    expect(formatAmount(0, 'CAD')).toBe('$0.00')
    expect(formatAmount(-2_500, 'CAD')).toBe('-$25.00')
  })
  it('writes other currencies with their own decimals', () => {
    expect(formatAmount(10_800, 'USD')).toBe('$108.00')
    expect(formatAmount(1_200, 'JPY')).toBe('¥1,200')
  })
})
