import { describe, expect, it } from 'vitest'
import { addMonths, dayNumber, isCalendarDay, latestEndDate, latestStartDate, stayDatesProblem } from './booking-dates'

describe('the days a renter may ask for', () => {
  const today = '2026-11-27'

  it('a start from today up to 18 months ahead, and a stay of up to 5 years, pass', () => {
    expect(latestStartDate(today)).toBe('2028-05-27')
    expect(latestEndDate('2028-05-27')).toBe('2033-05-26')
    expect(stayDatesProblem({ startDate: today, endDate: null }, today)).toBeNull()
    expect(stayDatesProblem({ startDate: '2028-05-27', endDate: '2033-05-26' }, today)).toBeNull()
  })

  it('a day outside them names its field', () => {
    expect(stayDatesProblem({ startDate: '2026-11-26' }, today)?.field).toBe('startDate')
    expect(stayDatesProblem({ startDate: '2028-05-28' }, today)?.field).toBe('startDate')
    expect(stayDatesProblem({ startDate: '9999-12-01', endDate: '9999-12-31' }, today)?.field).toBe('startDate')
    expect(stayDatesProblem({ startDate: '2026-12-10', endDate: '2026-12-09' }, today)?.field).toBe('endDate')
    expect(stayDatesProblem({ startDate: '2026-12-10', endDate: '9999-12-31' }, today)).toMatchObject({
      field: 'endDate',
      message: expect.stringContaining('5 years'),
    })
    expect(stayDatesProblem({ startDate: '2028-05-27', endDate: '2033-05-27' }, today)?.field).toBe('endDate')
  })

  it('compares days as days: past year 9999 the ISO text sorts first, the day number does not', () => {
    const after = addMonths('9999-12-15', 1)
    expect(after).toBe('+010000-01-15')
    expect(after < '9999-12-15').toBe(true)
    expect(dayNumber(after)).toBeGreaterThan(dayNumber('9999-12-15'))
  })

  it('a calendar day is YYYY-MM-DD and real: no Feb 29 outside leap years, no Feb 30, month 13 or day 00', () => {
    expect(['2028-02-29', '2026-12-31', '2000-02-29'].every(isCalendarDay)).toBe(true)
    expect(['2027-02-29', '2026-02-30', '2026-02-31', '2026-13-01', '2026-06-00', '1900-02-29', '+010000-01-01', '2026-1-1', ''].some(isCalendarDay)).toBe(
      false,
    )
  })
})
