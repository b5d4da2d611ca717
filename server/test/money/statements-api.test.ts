// @module-tag postgres — monthly statements: date bounds and grouping in SQL
// GET /api/statements and GET /api/statements/:month: what a host was paid each month, per currency,
// from the money ledger (hand-computed cases).
import { describe, expect, it } from 'vitest'
import { ctx, hostWithListing, renter, useBookingsServer } from '../bookings/helpers'
import { createListing } from '../storage-fixtures'
import { acceptedBooking, insertPayment, insertRefund, insertRows } from './ledger-fixtures'

useBookingsServer()

async function hostWithMoney() {
  const { host, listing } = await hostWithListing(ctx)
  const second = await createListing(ctx.server, host.token, { priceCents: 5_000 })
  const a = await acceptedBooking(ctx, host, listing.id)
  const b = await acceptedBooking(ctx, host, second.id)
  const partyA = { bookingId: a.bookingId, hostId: host.id, renterId: a.renter.id }
  const partyB = { bookingId: b.bookingId, hostId: host.id, renterId: b.renter.id }
  // February: one CAD payment (13 200, fee 1 200).
  await insertPayment(ctx, partyA, {
    cents: 13_200,
    feeCents: 1_200,
    at: '2026-02-05T10:00:00Z',
    breakdown: { rentCents: 12_000, serviceFeeCents: 1_200, protectionCents: 0 },
  })
  // March: a CAD payment (14 100, fee 1 200) refunded 2 000 (fee back 170, transfer reversed 1 830), and a
  // USD payment (5 500, fee 500); a CAD payout of 10 000.
  const march = await insertPayment(ctx, partyA, {
    cents: 14_100,
    feeCents: 1_200,
    at: '2026-03-05T10:00:00Z',
    period: ['2026-03-05', '2026-04-04'],
    breakdown: { rentCents: 12_000, serviceFeeCents: 1_200, protectionCents: 900 },
  })
  await insertRefund(ctx, partyA, march.chargeId, { cents: 2_000, feeRefundCents: 170, at: '2026-03-20T09:00:00Z' })
  await insertPayment(ctx, partyB, {
    cents: 5_500,
    feeCents: 500,
    currency: 'USD',
    at: '2026-03-31T23:59:59Z',
    breakdown: { rentCents: 5_000, serviceFeeCents: 500, protectionCents: 0 },
  })
  await insertRows(ctx, [{ kind: 'payout', hostId: host.id, amountCents: 10_000, currency: 'CAD', occurredAt: new Date('2026-03-31T12:00:00Z') }])
  // April 1st (UTC), just after March: a second refund of March's CAD charge (1 000, fee back 85).
  await insertRefund(ctx, partyA, march.chargeId, { cents: 1_000, feeRefundCents: 85, at: '2026-04-01T00:00:00Z' })
  return { host, a, b, marchReceipt: march.payment.id }
}

describe('GET /api/statements/:month', () => {
  it('sums each charge’s host share and the month’s transfers and payouts per currency', async () => {
    const s = await hostWithMoney()
    const res = await ctx.server.http('GET', '/api/statements/2026-03', { token: s.host.token })
    expect(res.status).toBe(200)
    const st = res.body
    expect(st.month).toBe('2026-03')
    expect(st.host).toEqual({ firstName: 'Hana', lastName: 'User' })
    // CAD: 14 100 paid − 2 000 refunded − (1 200 − 170) fee kept = 11 070; USD: 5 500 − 500 = 5 000.
    expect(st.lines.map((l: any) => [l.currency, l.paymentCents, l.refundCents, l.feeCents, l.hostCents])).toEqual([
      ['CAD', 14_100, 2_000, 1_030, 11_070],
      ['USD', 5_500, 0, 500, 5_000],
    ])
    expect(st.lines[0]).toMatchObject({
      receiptId: s.marchReceipt,
      bookingId: s.a.bookingId,
      renter: { firstName: 'Rita' },
      period: { start: '2026-03-05', end: '2026-04-04' },
    })
    expect(st.totals).toEqual([
      // Transfers: 12 900 − 1 830 reversed = 11 070, the host's share; paid out: 10 000.
      { currency: 'CAD', paymentCents: 14_100, feeCents: 1_030, refundCents: 2_000, hostCents: 11_070, transferredCents: 11_070, paidOutCents: 10_000 },
      { currency: 'USD', paymentCents: 5_500, feeCents: 500, refundCents: 0, hostCents: 5_000, transferredCents: 5_000, paidOutCents: 0 },
    ])
    expect(st.transfers.map((t: any) => t.amountCents)).toEqual([12_900, -1_830, 5_000])
    expect(st.payouts).toEqual([expect.objectContaining({ amountCents: 10_000, currency: 'CAD', date: '2026-03-31T12:00:00.000Z' })])
  })

  it('counts a refund in the month it was made, against the earlier payment', async () => {
    const s = await hostWithMoney()
    const st = (await ctx.server.http('GET', '/api/statements/2026-04', { token: s.host.token })).body
    // 0 paid − 1 000 refunded − (0 − 85) fee = −915, which is the transfer reversed.
    expect(st.lines).toEqual([
      expect.objectContaining({
        receiptId: s.marchReceipt,
        paymentCents: 0,
        refundCents: 1_000,
        feeCents: -85,
        hostCents: -915,
        paidAt: '2026-03-05T10:00:00.000Z',
      }),
    ])
    expect(st.totals).toEqual([expect.objectContaining({ currency: 'CAD', hostCents: -915, transferredCents: -915 })])
    const empty = (await ctx.server.http('GET', '/api/statements/2025-12', { token: s.host.token })).body
    expect(empty).toMatchObject({ lines: [], transfers: [], payouts: [], totals: [] })
  })

  it('holds only the signed-in host’s money', async () => {
    await hostWithMoney()
    const other = await hostWithListing(ctx)
    const st = (await ctx.server.http('GET', '/api/statements/2026-03', { token: other.host.token })).body
    expect(st).toMatchObject({ lines: [], totals: [] })
    // A renter of the host's bookings is not the host: nothing either.
    const r = await renter(ctx)
    expect((await ctx.server.http('GET', '/api/statements/2026-03', { token: r.token })).body.lines).toEqual([])
    expect((await ctx.server.http('GET', '/api/statements/2026-03')).status).toBe(401)
  })

  it('is a 400 naming the month for a bad month', async () => {
    const { host } = await hostWithListing(ctx)
    for (const bad of ['2026-13', '2026-3', 'march', '2026-00']) {
      const res = await ctx.server.http('GET', `/api/statements/${bad}`, { token: host.token })
      expect(res.status).toBe(400)
      expect(res.body.field).toBe('month')
    }
  })
})

describe('GET /api/statements', () => {
  it('lists the months with activity, newest first, with the host’s share per currency', async () => {
    const s = await hostWithMoney()
    const res = await ctx.server.http('GET', '/api/statements', { token: s.host.token })
    expect(res.status).toBe(200)
    expect(res.body.months).toEqual([
      { month: '2026-04', totals: [{ currency: 'CAD', hostCents: -915, paidOutCents: 0 }] },
      {
        month: '2026-03',
        totals: [
          { currency: 'CAD', hostCents: 11_070, paidOutCents: 10_000 },
          { currency: 'USD', hostCents: 5_000, paidOutCents: 0 },
        ],
      },
      { month: '2026-02', totals: [{ currency: 'CAD', hostCents: 12_000, paidOutCents: 0 }] },
    ])
  })
})
