import { describe, expect, it } from 'vitest'
import { CreateInviteBodySchema, expiresInText, invitePriceBounds } from './invite'

describe('invite price bounds', () => {
  it('runs from half the listing price (rounded up) to the listing price', () => {
    expect(invitePriceBounds(12_000)).toEqual({ min: 6_000, max: 12_000 })
    expect(invitePriceBounds(12_001)).toEqual({ min: 6_001, max: 12_001 })
  })
  it('never goes below the platform minimum of $1.00', () => {
    expect(invitePriceBounds(150)).toEqual({ min: 100, max: 150 })
  })
})

describe('the card expiry line', () => {
  const now = Date.parse('2026-11-28T12:00:00Z')
  const at = (ms: number) => new Date(now + ms).toISOString()
  it('says days from 48 h, hours below, minutes in the last hour, and Expired after', () => {
    expect(expiresInText(at(72 * 3_600_000), now)).toBe('Expires in 3 days')
    expect(expiresInText(at(71 * 3_600_000), now)).toBe('Expires in 2 days')
    expect(expiresInText(at(24 * 3_600_000), now)).toBe('Expires in 24 hours')
    expect(expiresInText(at(61 * 60_000), now)).toBe('Expires in 1 hour')
    expect(expiresInText(at(59 * 60_000), now)).toBe('Expires in 59 minutes')
    expect(expiresInText(at(0), now)).toBe('Expired')
  })
})

describe('the invite body', () => {
  const valid = {
    storageId: 's1',
    renterId: '0b6f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e',
    startDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    monthlyCents: 9_000,
    expiresIn: '3d',
  }
  it('names the field that is wrong', () => {
    const field = (over: Record<string, unknown>) => CreateInviteBodySchema.safeParse({ ...valid, ...over }).error?.issues[0]?.path[0]
    expect(CreateInviteBodySchema.safeParse(valid).success).toBe(true)
    expect(field({ expiresIn: '2w' })).toBe('expiresIn')
    expect(field({ monthlyCents: 9.5 })).toBe('monthlyCents')
    expect(field({ renterId: 'nobody' })).toBe('renterId')
    expect(field({ startDate: '2000-01-01' })).toBe('startDate')
  })
})
