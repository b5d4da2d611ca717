import { describe, expect, it } from 'vitest'
import { centsOf } from './booking-cancel-form'

describe('the refund amount an admin types', () => {
  it('reads whole and decimal amounts as cents, without float errors', () => {
    expect(centsOf('12.34')).toBe(1234)
    expect(centsOf('12.3')).toBe(1230)
    expect(centsOf(' 121 ')).toBe(12_100)
    expect(centsOf('1,234.56')).toBe(123_456)
    expect(centsOf('0.29')).toBe(29)
  })

  it('refuses what is not an amount', () => {
    for (const text of ['', 'abc', '-5', '1.234', '1.', '.5', '1e3']) expect(centsOf(text), text).toBeNull()
  })
})
