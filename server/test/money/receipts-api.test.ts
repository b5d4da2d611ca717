// @module-tag postgres — receipts read from the ledger, an append-only table (a trigger refuses changes)
// GET /api/receipts/:receiptId and GET /api/bookings/:id/receipts: a payment's receipt, read from the
// money ledger, for the renter who paid, the booking's host and admins only.
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { act, admin, ctx, hostWithListing, pay, renter, request, useBookingsServer } from '../bookings/helpers'
import { acceptedBooking, insertPayment, insertRefund } from './ledger-fixtures'

useBookingsServer()

const breakdown = { rentCents: 12_000, serviceFeeCents: 1_200, protectionCents: 900 }

async function paidWithPartialRefunds() {
  const { host, listing } = await hostWithListing(ctx)
  const { renter: r, bookingId } = await acceptedBooking(ctx, host, listing.id)
  const party = { bookingId, hostId: host.id, renterId: r.id }
  const first = await insertPayment(ctx, party, {
    cents: 14_100,
    feeCents: 1_200,
    at: '2026-03-05T10:00:00Z',
    period: ['2026-03-05', '2026-04-04'],
    breakdown,
  })
  // Two partial refunds, the later one first in the table: the receipt lists them by date.
  await insertRefund(ctx, party, first.chargeId, { cents: 500, feeRefundCents: 43, at: '2026-03-28T09:00:00Z' })
  await insertRefund(ctx, party, first.chargeId, { cents: 2_000, feeRefundCents: 170, at: '2026-03-20T09:00:00Z' })
  const second = await insertPayment(ctx, party, {
    cents: 15_660,
    feeCents: 1_200,
    at: '2026-04-05T10:00:00Z',
    period: ['2026-04-05', '2026-05-04'],
    breakdown: { ...breakdown, taxCents: 1_560 },
  })
  return { host, renter: r, bookingId, listing, first: first.payment, second: second.payment }
}

describe('GET /api/receipts/:receiptId', () => {
  it('gives the renter every line, the refunds by date and the net paid', async () => {
    const s = await paidWithPartialRefunds()
    const res = await ctx.server.http('GET', `/api/receipts/${s.first.id}`, { token: s.renter.token })
    expect(res.status).toBe(200)
    const r = res.body
    expect(r).toMatchObject({
      id: s.first.id,
      viewerRole: 'renter',
      currency: 'CAD',
      paidAt: '2026-03-05T10:00:00.000Z',
      period: { start: '2026-03-05', end: '2026-04-04' },
      rentCents: 12_000,
      serviceFeeCents: 1_200,
      protectionCents: 900,
      taxCents: null,
      totalCents: 14_100,
      refundedCents: 2_500,
      netCents: 11_600,
      booking: { id: s.bookingId, storage: { title: s.listing.title, city: 'Toronto' }, host: { firstName: 'Hana' }, renter: { firstName: 'Rita' } },
      issuer: { name: 'Nookshare', email: 'info@nookshare.app' },
    })
    expect(r.rentCents + r.serviceFeeCents + r.protectionCents).toBe(r.totalCents)
    expect(r.refunds).toEqual([
      { date: '2026-03-20T09:00:00.000Z', amountCents: 2_000 },
      { date: '2026-03-28T09:00:00.000Z', amountCents: 500 },
    ])
    expect(r.number).toBe(`NS-${s.first.id.replace(/-/g, '').slice(0, 10).toUpperCase()}`)
    // Stable: the same number on every read.
    expect((await ctx.server.http('GET', `/api/receipts/${s.first.id}`, { token: s.renter.token })).body.number).toBe(r.number)
    expect(res.headers.get('cache-control')).toContain('no-store')
  })

  it('prints a tax line only when the payment has one', async () => {
    const s = await paidWithPartialRefunds()
    const r = (await ctx.server.http('GET', `/api/receipts/${s.second.id}`, { token: s.renter.token })).body
    expect(r).toMatchObject({ taxCents: 1_560, totalCents: 15_660, refunds: [], refundedCents: 0, netCents: 15_660 })
    expect(r.rentCents + r.serviceFeeCents + r.protectionCents + r.taxCents).toBe(r.totalCents)
  })

  it('shows the host the receipt with the renter’s name only, and an admin too', async () => {
    const s = await paidWithPartialRefunds()
    const res = await ctx.server.http('GET', `/api/receipts/${s.first.id}`, { token: s.host.token })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ viewerRole: 'host', netCents: 11_600, booking: { renter: { firstName: 'Rita' } } })
    expect(Object.keys(res.body.booking.renter).sort()).toEqual(['firstName', 'lastName'])
    expect(JSON.stringify(res.body)).not.toContain(s.renter.email)
    const boss = await admin(ctx)
    expect((await ctx.server.http('GET', `/api/receipts/${s.first.id}`, { token: boss.token })).body.viewerRole).toBe('admin')
  })

  it('is a 404 for anyone else, for an unknown id and for a row that is not a payment', async () => {
    const s = await paidWithPartialRefunds()
    const stranger = await renter(ctx)
    const other = await ctx.server.http('GET', `/api/receipts/${s.first.id}`, { token: stranger.token })
    expect(other.status).toBe(404)
    const unknown = await ctx.server.http('GET', '/api/receipts/5b0f8a3e-2a7c-4c1e-9d55-0c2b7f6f1a11', { token: s.renter.token })
    expect(unknown.status).toBe(404)
    // Same answer: an id tells a stranger nothing.
    expect(other.body.message).toBe(unknown.body.message)
    const { ledgerEntries } = await import('../../src/db/schema/ledger')
    const { and, eq } = await import('drizzle-orm')
    const [refund] = await ctx.server.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, s.bookingId), eq(ledgerEntries.kind, 'refund')))
    expect((await ctx.server.http('GET', `/api/receipts/${refund!.id}`, { token: s.renter.token })).status).toBe(404)
    expect((await ctx.server.http('GET', `/api/receipts/${s.first.id}`)).status).toBe(401)
  })

  it('is a 400 naming the field for a malformed id', async () => {
    const u = await renter(ctx)
    for (const bad of ['nope', '12345', 'NS-ABCDEF1234']) {
      const res = await ctx.server.http('GET', `/api/receipts/${bad}`, { token: u.token })
      expect(res.status).toBe(400)
      expect(res.body.field).toBe('receiptId')
    }
  })
})

describe('GET /api/bookings/:id/receipts', () => {
  it('lists a booking’s receipts, newest first, for its renter and its host', async () => {
    const s = await paidWithPartialRefunds()
    for (const token of [s.renter.token, s.host.token]) {
      const res = await ctx.server.http('GET', `/api/bookings/${s.bookingId}/receipts`, { token })
      expect(res.status).toBe(200)
      expect(res.body.storage).toEqual({ title: s.listing.title, city: 'Toronto' })
      expect(res.body.receipts.map((r: any) => [r.id, r.totalCents, r.refundedCents, r.netCents])).toEqual([
        [s.second.id, 15_660, 0, 15_660],
        [s.first.id, 14_100, 2_500, 11_600],
      ])
    }
  })

  it('is a 404 for anyone else and a 400 for a malformed id', async () => {
    const s = await paidWithPartialRefunds()
    const stranger = await renter(ctx)
    expect((await ctx.server.http('GET', `/api/bookings/${s.bookingId}/receipts`, { token: stranger.token })).status).toBe(404)
    const bad = await ctx.server.http('GET', '/api/bookings/not-an-id/receipts', { token: s.renter.token })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('id')
  })
})

describe('the payment email', () => {
  it('links to the booking’s receipts', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    expect((await act(ctx, host.token, body.id, 'accept')).status).toBe(200)
    await pay(ctx, r.token, body.id)
    const link = `/bookings/${body.id}/receipts`
    await expect
      .poll(async () => {
        const [mail] = await ctx.server.database.db
          .select()
          .from(emailOutbox)
          .where(and(eq(emailOutbox.to, r.email), eq(emailOutbox.template, 'booking-confirmed')))
        return mail ? [mail.text.includes(`See your receipt: `) && mail.text.includes(link), mail.html.includes(link)] : null
      })
      .toEqual([true, true])
  })
})
