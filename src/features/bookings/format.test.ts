import { describe, expect, it } from 'vitest'
import { stateLabel, stayLabel, timeLeft } from './format'

describe('booking formats', () => {
  it('the time left to answer', () => {
    const now = Date.parse('2026-11-23T10:00:00Z')
    expect(timeLeft('2026-11-25T10:00:00Z', now)).toBe('48 h left')
    expect(timeLeft('2026-11-23T10:30:00Z', now)).toBe('30 min left')
    expect(timeLeft('2026-11-23T09:00:00Z', now)).toBe('expired')
  })

  it('each side reads an offer as its own', () => {
    expect(stateLabel({ state: 'offered', role: 'renter' })).toBe('Offer sent')
    expect(stateLabel({ state: 'offered', role: 'host' })).toBe('Offer received')
    expect(stateLabel({ state: 'countered', role: 'renter' })).toBe('Counter received')
    expect(stateLabel({ state: 'confirmed', role: 'host' })).toBe('Confirmed')
  })

  it('a stay without an end date is monthly', () => {
    expect(stayLabel({ startDate: '2026-12-01', endDate: null })).toBe('From Dec 1, 2026, monthly')
    expect(stayLabel({ startDate: '2026-12-01', endDate: '2026-12-07' })).toBe('Dec 1, 2026 – Dec 7, 2026')
  })
})
