// The rules behind admin refunds and disputes, at their edges: how much an admin may give back, and which
// dispute event may change what is recorded (late, replayed, after the decision).
import { describe, expect, it } from 'vitest'
import type { BookingDisputeRow } from '../../src/db/schema/booking-disputes'
import { adminCancelNotice, adminRefundAmount, refundableCents } from '../../src/modules/bookings/service/admin-refund'
import { disputeFields, supersedes } from '../../src/modules/bookings/service/disputes'

const paid = (paidCents: number, refundedCents = 0) => ({ paidCents, refundedCents, currency: 'CAD' })

describe('an admin refund', () => {
  it('is all that is left by default; any amount from 1 cent to what is left; nothing else', () => {
    expect(refundableCents(paid(12_100, 1_234))).toBe(10_866)
    expect(adminRefundAmount(paid(12_100, 1_234), undefined)).toEqual({ cents: 10_866 })
    expect(adminRefundAmount(paid(12_100, 1_234), 1)).toEqual({ cents: 1 })
    expect(adminRefundAmount(paid(12_100, 1_234), 10_866)).toEqual({ cents: 10_866 })
    expect(adminRefundAmount(paid(12_100, 1_234), 10_867)).toEqual({ error: expect.stringMatching(/at most \$108\.66/) })
    expect(adminRefundAmount(paid(12_100), 0)).toEqual({ error: expect.any(String) })
    expect(adminRefundAmount(paid(12_100), -1)).toEqual({ error: expect.any(String) })
  })

  it('of a booking nothing was paid for is no refund; asking for one is refused', () => {
    expect(adminRefundAmount(paid(0), undefined)).toEqual({ cents: 0 })
    expect(adminRefundAmount(paid(500, 500), undefined)).toEqual({ cents: 0 })
    expect(adminRefundAmount(paid(0), 100)).toEqual({ error: expect.stringMatching(/nothing to refund/) })
    expect(refundableCents(paid(500, 600))).toBe(0)
  })

  it('is told with its amount and reason, or without an amount when nothing went back', () => {
    expect(adminCancelNotice({ currency: 'CAD' }, 'Attic', 1_234, 'No access')).toBe(
      'Nookshare cancelled the booking for "Attic". $12.34 is refunded to the renter. Reason: No access',
    )
    expect(adminCancelNotice({ currency: 'CAD' }, 'Attic', 0, 'Duplicate')).toBe('Nookshare cancelled the booking for "Attic". Reason: Duplicate')
  })
})

describe('a dispute event', () => {
  const t = 1_800_000_000
  const d = (status: string, extra: Record<string, unknown> = {}) => ({
    id: 'dp_1',
    amount: 5_000,
    currency: 'cad',
    charge: 'ch_1',
    payment_intent: 'pi_1',
    reason: 'fraudulent',
    status,
    created: t,
    evidence_details: { due_by: t + 604_800 },
    ...extra,
  })
  const row = (status: string, eventAt: number): BookingDisputeRow => ({
    ...(disputeFields(d(status), eventAt, 'CAD') as Omit<BookingDisputeRow, 'bookingId' | 'createdAt' | 'updatedAt'>),
    bookingId: 'b1',
    evidenceSubmittedAt: null,
    createdAt: new Date(),
    updatedAt: new Date(),
  })

  it('records Stripe’s object: cents, upper-case currency, due date, closed only when decided', () => {
    const open = disputeFields(d('needs_response'), t + 5, 'CAD')
    expect(open).toMatchObject({ id: 'dp_1', amountCents: 5_000, currency: 'CAD', chargeId: 'ch_1', paymentIntentId: 'pi_1', closedAt: null })
    expect(open.dueBy).toEqual(new Date((t + 604_800) * 1000))
    expect(open.openedAt).toEqual(new Date(t * 1000))
    expect(disputeFields(d('lost'), t + 9, 'CAD').closedAt).toEqual(new Date((t + 9) * 1000))
    expect(disputeFields(d('needs_response', { evidence_details: null }), t, 'CAD').dueBy).toBeNull()
  })

  it('changes the row only when newer and different, and never reopens a decided dispute', () => {
    const open = row('needs_response', t)
    expect(supersedes(open, disputeFields(d('needs_response'), t, 'CAD'))).toBe(false) // a replay
    expect(supersedes(open, disputeFields(d('under_review'), t + 1, 'CAD'))).toBe(true)
    expect(supersedes(open, disputeFields(d('under_review'), t - 1, 'CAD'))).toBe(false) // older, late
    expect(supersedes(open, disputeFields(d('needs_response', { amount: 4_000 }), t + 1, 'CAD'))).toBe(true)
    const won = row('won', t + 10)
    expect(supersedes(won, disputeFields(d('under_review'), t + 20, 'CAD'))).toBe(false)
    expect(supersedes(won, disputeFields(d('lost'), t + 20, 'CAD'))).toBe(true) // Stripe's own correction of a decision
  })
})
