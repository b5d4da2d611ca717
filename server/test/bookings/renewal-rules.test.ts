// The rules of renewals that fail and moving out, at their edges: the move-out days a renter is offered,
// the 48 h to say the space is clear, which failed attempt is news, and the last day of an unpaid rental.
import { describe, expect, it } from 'vitest'
import type { BookingRow } from '../../src/db/schema/bookings'
import { moveOutDates, spaceClear } from '../../src/modules/bookings/service/move-out'
import { failedAttempt, unpaidLastDay } from '../../src/modules/bookings/service/renewals'

const at = (iso: string) => new Date(iso)
const running = (over: Partial<BookingRow> = {}) =>
  ({ state: 'active', startDate: '2027-01-31', endDate: null, paidThrough: '2027-02-27', spaceClearedAt: null, noticeBy: null, ...over }) as BookingRow

describe('move-out days', () => {
  it('are the last days of the paid period and the following ones, counted from the start day (Jan 31: Feb 27, Mar 30, Apr 29…)', () => {
    expect(moveOutDates(running(), at('2027-02-10T12:00:00Z')).slice(0, 4)).toEqual(['2027-02-27', '2027-03-30', '2027-04-29', '2027-05-30'])
  })

  it('the paid period’s own last day is offered on that day, not after it (a renewal late)', () => {
    expect(moveOutDates(running(), at('2027-02-27T23:59:00Z'))[0]).toBe('2027-02-27')
    expect(moveOutDates(running(), at('2027-02-28T00:00:00Z'))[0]).toBe('2027-03-30')
  })

  it('none for a rental with an end date, one not running, or twelve periods ahead at most', () => {
    expect(moveOutDates(running({ endDate: '2027-06-01' }), at('2027-02-10T00:00:00Z'))).toEqual([])
    expect(moveOutDates(running({ state: 'confirmed' }), at('2027-01-10T00:00:00Z'))).toEqual([])
    expect(moveOutDates(running(), at('2027-02-10T00:00:00Z'))).toHaveLength(12)
  })
})

describe('the space is clear', () => {
  const movedOut = (over: Partial<BookingRow> = {}) => running({ endDate: '2027-03-30', noticeBy: 'renter', ...over })
  it('from the move-out day the host is asked, until 48 h after the day ends; then silence counts as clear', () => {
    expect(spaceClear(movedOut(), at('2027-03-29T23:59:59Z'))!.status).toBe('not-yet')
    expect(spaceClear(movedOut(), at('2027-03-30T00:00:00Z'))!.status).toBe('waiting')
    expect(spaceClear(movedOut(), at('2027-04-01T23:59:59Z'))).toMatchObject({ status: 'waiting', deadline: '2027-04-02T00:00:00.000Z' })
    expect(spaceClear(movedOut(), at('2027-04-02T00:00:00Z'))!.status).toBe('by-silence')
    expect(spaceClear(movedOut({ spaceClearedAt: at('2027-03-31T09:00:00Z') }), at('2027-04-01T00:00:00Z'))!.status).toBe('confirmed')
  })

  it('is not asked of a rental without an end, nor a week after the deadline', () => {
    expect(spaceClear(running(), at('2027-03-01T00:00:00Z'))).toBeNull()
    expect(spaceClear(movedOut(), at('2027-04-09T00:00:01Z'))).toBeNull()
  })
})

describe('a failed attempt', () => {
  const inv = { id: 'in_1', attempt: 1, nextAttemptAt: at('2027-03-03T00:00:00Z'), amountDueCents: 12_100 }
  it('the first is news and marks the booking late since now; a replay of it or an older one is not', () => {
    const now = at('2027-02-28T01:00:00Z')
    const first = failedAttempt(running(), inv, now)
    expect(first).toMatchObject({ news: true, lastRetryFailed: false, set: { paymentFailedAt: now, lateInvoiceId: 'in_1', paymentAttempts: 1 } })
    const late = running({ paymentFailedAt: now, lateInvoiceId: 'in_1', paymentAttempts: 2 })
    expect(failedAttempt(late, inv, now)).toEqual({ set: {}, news: false, lastRetryFailed: false })
    // A later attempt keeps the first failure's time.
    expect(failedAttempt(late, { ...inv, attempt: 3 }, at('2027-03-08T00:00:00Z')).set.paymentFailedAt).toBe(now)
  })

  it('with no retry left it is the last', () => {
    expect(failedAttempt(running(), { ...inv, attempt: 4, nextAttemptAt: null }, at('2027-03-15T00:00:00Z')).lastRetryFailed).toBe(true)
  })
})

describe('the last day of an unpaid rental', () => {
  it('is the close of the paid period, or an earlier end already set', () => {
    expect(unpaidLastDay(running(), at('2027-03-15T00:00:00Z'))).toBe('2027-02-27')
    expect(unpaidLastDay(running({ endDate: '2027-02-20' }), at('2027-03-15T00:00:00Z'))).toBe('2027-02-20')
    expect(unpaidLastDay(running({ paidThrough: null }), at('2027-03-15T10:00:00Z'))).toBe('2027-03-15')
  })
})
