import { describe, expect, it } from 'vitest'
import { distanceLabel } from './format'

describe('distanceLabel', () => {
  it('says how far a space is: tenths under 10 km, whole km beyond, never "0 km"', () => {
    expect(distanceLabel(2.3)).toBe('2.3 km away')
    expect(distanceLabel(1)).toBe('1.0 km away')
    expect(distanceLabel(12.6)).toBe('13 km away')
    expect(distanceLabel(0)).toBe('Under 0.1 km away')
  })
})
