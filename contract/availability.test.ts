import { describe, expect, it } from 'vitest'
import { dayStatus, daysOf, takenRanges, unavailableRanges, unavailableText } from './availability'

const stay = (startDate: string, endDate: string | null) => ({ startDate, endDate })

describe('which days of a stay are taken', () => {
  it('a stay clear of blocks and bookings is free', () => {
    expect(unavailableRanges(stay('2027-03-01', '2027-03-10'), 1, [stay('2027-03-11', null)], [stay('2027-02-01', '2027-02-28')])).toEqual([])
  })

  it('blocked days inside the stay, clipped to it and merged with full days next to them', () => {
    const ranges = unavailableRanges(
      stay('2027-03-01', '2027-03-10'),
      1,
      [stay('2027-03-06', '2027-03-07')],
      [stay('2027-02-20', '2027-03-02'), stay('2027-03-04', '2027-03-05')],
    )
    expect(ranges).toEqual([stay('2027-03-01', '2027-03-02'), stay('2027-03-04', '2027-03-07')])
    expect(unavailableText(ranges)).toBe('Mar 1 – Mar 2 and Mar 4 – Mar 7 are not available.')
  })

  it('with two places only the days both bookings hold are full; an open-ended stay holds every day from its start', () => {
    const holding = [stay('2027-03-01', '2027-03-10'), stay('2027-03-08', null)]
    expect(unavailableRanges(stay('2027-03-02', '2027-03-09'), 2, holding, [])).toEqual([stay('2027-03-08', '2027-03-09')])
    expect(unavailableRanges(stay('2027-03-12', null), 1, holding, [])).toEqual([stay('2027-03-12', null)])
    expect(unavailableText([stay('2027-03-12', null)])).toBe('Mar 12 onwards is not available.')
    expect(unavailableText([stay('2027-03-12', '2027-03-12')])).toBe('Mar 12 is not available.')
  })

  it('each day: places left, blocked, and how the calendar colours it', () => {
    const days = daysOf('2027-03-01', '2027-03-03', 3, [stay('2027-03-02', '2027-03-03'), stay('2027-03-03', null)], [stay('2027-03-01', '2027-03-01')])
    expect(days).toEqual([
      { date: '2027-03-01', left: 3, blocked: true },
      { date: '2027-03-02', left: 2, blocked: false },
      { date: '2027-03-03', left: 1, blocked: false },
    ])
    expect(days.map((d) => dayStatus(d, 3))).toEqual(['blocked', 'free', 'few'])
    expect(takenRanges([...days, { date: '2027-03-04', left: 0, blocked: false }])).toEqual([
      stay('2027-03-01', '2027-03-01'),
      stay('2027-03-04', '2027-03-04'),
    ])
  })
})
