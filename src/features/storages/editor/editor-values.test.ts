// The editor's values from a listing as the API shows it, and back to a PATCH body.
import { describe, expect, it } from 'vitest'
import type { Storage } from '@contract/storage'
import { toBody, valuesFrom } from './editor-values'

describe('the listing editor values', () => {
  it('send back the schedule as stored: without the zone clock the listing page comes with (the API refuses it)', () => {
    const schedule = { timeZone: 'America/Toronto', weekly: [{ days: ['sat' as const], open: '09:00', close: '18:00' }], exceptions: [] }
    const clock = { offsets: [{ from: '2026-11-30T00:00:00.000Z', minutes: -300 }], until: '2028-01-04T00:00:00.000Z' }
    const listing = {
      title: 'Dry garage',
      description: '',
      spaceType: 'garage',
      features: [],
      address: { street: '1 Elm St', city: 'Toronto', state: 'ON', postalCode: 'M5V 1A1', country: 'CA' },
      location: null,
      instantRules: { requireId: false, requirePhone: false, minRating: null },
      accessHours: '',
      houseRules: '',
      accessMethod: 'code',
      accessSchedule: { ...schedule, clock },
    } as unknown as Storage
    expect(toBody(valuesFrom(listing)).accessSchedule).toEqual(schedule)
  })
})
