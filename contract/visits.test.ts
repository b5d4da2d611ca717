import { describe, expect, it } from 'vitest'
import { blockedOn } from './visits'

describe('blockedOn (the visit sheet refuses a day the host blocked)', () => {
  const blocked = [
    { startDate: '2027-03-08', endDate: '2027-03-09' },
    { startDate: '2027-04-01', endDate: '2027-04-01' },
  ]
  it('finds the blocked stretch holding the day, both ends included', () => {
    expect(blockedOn(blocked, '2027-03-08')).toEqual(blocked[0])
    expect(blockedOn(blocked, '2027-03-09')).toEqual(blocked[0])
    expect(blockedOn(blocked, '2027-04-01')).toEqual(blocked[1])
  })
  it('a day outside every stretch is free', () => {
    expect(blockedOn(blocked, '2027-03-07')).toBeUndefined()
    expect(blockedOn(blocked, '2027-03-10')).toBeUndefined()
    expect(blockedOn([], '2027-03-08')).toBeUndefined()
  })
})
