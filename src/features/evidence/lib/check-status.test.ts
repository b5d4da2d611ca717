import { describe, expect, it } from 'vitest'
import { claimWindow } from './check-status'

const now = new Date('2026-11-26T12:00:00Z')
const w = (startDate: string, claimDeadline: string | null) => claimWindow({ startDate, claimDeadline, windowDays: 10 }, now)

describe('claimWindow (the server decides; the sheet only shows what it will accept)', () => {
  it('is closed before the rental starts', () => {
    expect(w('2026-12-01', '2027-01-10')).toEqual({ open: false, notYet: true, moveOutPassed: false })
  })
  it('is open for incidents during the rental, the move-out not yet', () => {
    expect(w('2026-11-01', '2026-12-10')).toEqual({ open: true, notYet: false, moveOutPassed: false })
    expect(w('2026-11-01', null)).toEqual({ open: true, notYet: false, moveOutPassed: false })
  })
  it('is open for the move-out up to and including its 10th day, then closed', () => {
    expect(w('2026-10-01', '2026-11-26')).toEqual({ open: true, notYet: false, moveOutPassed: true })
    expect(w('2026-10-01', '2026-11-25')).toEqual({ open: false, notYet: false, moveOutPassed: true })
  })
})
