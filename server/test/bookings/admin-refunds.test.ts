// @module-tag postgres — admin refunds under row locks (FOR UPDATE), in parallel
// An admin cancels a booking with a full or partial refund over HTTP: the step is the process table's
// ('cancel' by 'admin'), the refund goes to the Stripe stand-in with exact parameters and a key, any
// subscription ends, the audit log keeps the reason, and both parties are told.
import { beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { adminAuditLog } from '../../src/db/schema/admin-audit-log'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { messages } from '../../src/db/schema/messages'
import { act, admin, bookingRow, day, deliver, hostWithListing, pay, renter, request, ctx, useBookingsServer } from './helpers'

useBookingsServer()

let adminToken: string
beforeAll(async () => {
  adminToken = (await admin(ctx)).token
})

const cancel = (id: string, json: unknown, token = adminToken) => ctx.server.http('POST', `/api/admin/bookings/${id}/cancel`, { token, json })

/** A paid booking: a short stay (one payment) or, with `monthly`, an open-ended monthly one (a subscription). */
async function paidBooking(opts: { monthly?: boolean } = {}) {
  const { host, listing } = await hostWithListing(ctx)
  const r = await renter(ctx)
  const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(10), ...(opts.monthly ? {} : { endDate: day(14) }) })
  expect((await act(ctx, host.token, body.id, 'accept')).status).toBe(200)
  await pay(ctx, r.token, body.id)
  const row = await bookingRow(ctx, body.id)
  expect(row.state).toBe('confirmed')
  return { host, renter: r, listing, booking: row }
}

const since = (n: number) => ctx.stripe.requests.slice(n)

describe('an admin cancels a booking with a refund', () => {
  it('a full refund by default: the booking is cancelled, Stripe gets the exact refund, the audit log and both parties have the reason', async () => {
    const { host, renter: r, booking: b } = await paidBooking()
    const before = ctx.stripe.requests.length
    const res = await cancel(b.id, { reason: 'The space flooded' })
    expect(res.status).toBe(200)
    expect(res.body.warning).toBeNull()
    expect(res.body.booking).toMatchObject({
      id: b.id,
      state: 'cancelled',
      refundedCents: b.paidCents,
      refundableCents: 0,
      cancellable: false,
      cancelledBy: 'admin',
    })
    const refunds = since(before).filter((q) => q.path === '/v1/refunds')
    expect(refunds).toHaveLength(1)
    expect(refunds[0]!.params).toEqual({
      payment_intent: b.paymentIntentId,
      amount: String(b.paidCents),
      reverse_transfer: 'true',
      refund_application_fee: 'true',
      metadata: { bookingId: b.id, by: 'admin' },
    })
    expect(refunds[0]!.idempotencyKey).toBe(`nookshare-admin-refund-${b.id}-0-${b.paidCents}`)
    expect(await bookingRow(ctx, b.id)).toMatchObject({ state: 'cancelled', cancelledBy: 'admin', refundedCents: b.paidCents })

    const [audit] = await ctx.server.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, b.id))
    expect(audit).toMatchObject({
      action: 'booking.cancel-refund',
      targetType: 'booking',
      reason: 'The space flooded',
      before: { state: 'confirmed', paidCents: b.paidCents, refundedCents: 0 },
      after: { state: 'cancelled', refundedCents: b.paidCents, refundCents: b.paidCents, subscriptionEnded: null },
    })
    const notices = (await ctx.server.database.db.select().from(messages).where(eq(messages.receiverId, host.id))).filter(
      (m) => m.isSystem && m.senderId === r.id,
    )
    const notice = notices.find((m) => m.content.startsWith('Nookshare cancelled'))
    expect(notice?.content).toMatch(/is refunded to the renter\. Reason: The space flooded$/)
    expect(notice?.content).toContain(`${(b.paidCents / 100).toFixed(2)}`)
    const mails = (await ctx.server.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'booking-admin-cancelled'))).filter(
      (m) => m.to === r.email || m.to === host.email,
    )
    expect(mails.map((m) => m.to).sort()).toEqual([r.email, host.email].sort())
    for (const m of mails) {
      expect(m.subject).toBe('Nookshare: booking cancelled by Nookshare')
      expect(m.text).toContain('Reason: The space flooded')
      expect(m.text).toContain(`${(b.paidCents / 100).toFixed(2)} is refunded to the renter`)
    }
    // The audit log reads it back by the booking's id.
    const log = await ctx.server.http('GET', `/api/admin/audit-log?targetId=${b.id}`, { token: adminToken })
    expect(log.body.items[0]).toMatchObject({
      action: 'booking.cancel-refund',
      targetType: 'booking',
      reason: 'The space flooded',
      target: { detail: expect.stringContaining('renting from') },
    })
  })

  it('a partial refund of a monthly stay: that amount goes back, the subscription ends now, charge.refunded does not count it twice', async () => {
    const { booking: b } = await paidBooking({ monthly: true })
    expect(b.subscriptionId).toMatch(/^sub_/)
    const before = ctx.stripe.requests.length
    const res = await cancel(b.id, { amountCents: 2_500, reason: 'Host could not give access' })
    expect(res.status).toBe(200)
    expect(res.body.booking).toMatchObject({ state: 'cancelled', refundedCents: 2_500, refundableCents: b.paidCents - 2_500 })
    const sent = since(before)
    const refund = sent.find((q) => q.path === '/v1/refunds')!
    expect(refund.params).toMatchObject({ payment_intent: b.paymentIntentId, amount: '2500', reverse_transfer: 'true', refund_application_fee: 'true' })
    expect(sent.some((q) => q.method === 'DELETE' && q.path === `/v1/subscriptions/${b.subscriptionId}`)).toBe(true)
    expect(ctx.stripe.checkout.subscriptions.get(b.subscriptionId!)?.status).toBe('canceled')
    // Stripe's charge.refunded for it (its total refunded is the same 2,500) changes nothing.
    const event = {
      id: `evt_partial_${b.id}`,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ch_partial', object: 'charge', payment_intent: b.paymentIntentId, amount_refunded: 2_500 } },
    }
    expect((await deliver(ctx, event)).body.result).toBe('unchanged')
    expect((await bookingRow(ctx, b.id)).refundedCents).toBe(2_500)
  })

  it('a booking accepted but not yet paid is cancelled without a refund; asking for one is refused', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    await act(ctx, host.token, body.id, 'accept')
    const refused = await cancel(body.id, { amountCents: 100, reason: 'Test' })
    expect(refused.status).toBe(400)
    expect(refused.body.field).toBe('amountCents')
    const before = ctx.stripe.requests.length
    const res = await cancel(body.id, { reason: 'Listing was a duplicate' })
    expect(res.body.booking).toMatchObject({ state: 'cancelled', refundedCents: 0 })
    expect(since(before).some((q) => q.path === '/v1/refunds')).toBe(false)
  })
})

describe('what an admin cancel refuses', () => {
  it('only an admin: 401 signed out, 403 for the renter and the host, 404 for an unknown booking', async () => {
    const { host, renter: r, booking: b } = await paidBooking()
    expect((await ctx.server.http('POST', `/api/admin/bookings/${b.id}/cancel`, { json: { reason: 'x' } })).status).toBe(401)
    expect((await cancel(b.id, { reason: 'x' }, r.token)).status).toBe(403)
    expect((await cancel(b.id, { reason: 'x' }, host.token)).status).toBe(403)
    expect((await cancel('no-such-booking', { reason: 'x' })).status).toBe(404)
    expect((await bookingRow(ctx, b.id)).state).toBe('confirmed')
  })

  it('more than is left, nothing, or no reason: 400 naming the field, and nothing moves or goes to Stripe', async () => {
    const { booking: b } = await paidBooking()
    const before = ctx.stripe.requests.length
    for (const amountCents of [b.paidCents + 1, 0, -5]) {
      const res = await cancel(b.id, { amountCents, reason: 'Too much' })
      expect(res.status, String(amountCents)).toBe(400)
      expect(res.body.field).toBe('amountCents')
    }
    const over = await cancel(b.id, { amountCents: b.paidCents + 1, reason: 'Too much' })
    expect(over.body.message).toMatch(/at most .*what is left to refund/)
    const noReason = await cancel(b.id, { reason: '   ' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.field).toBe('reason')
    expect(since(before).some((q) => q.path === '/v1/refunds')).toBe(false)
    expect(await bookingRow(ctx, b.id)).toMatchObject({ state: 'confirmed', refundedCents: 0 })
  })

  it('the same request twice (at once, then again) refunds once', async () => {
    const { booking: b } = await paidBooking()
    const before = ctx.stripe.requests.length
    const body = { amountCents: 1_000, reason: 'Double click' }
    const answers = await Promise.all([cancel(b.id, body), cancel(b.id, body)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
    expect((await cancel(b.id, body)).status).toBe(409)
    expect(since(before).filter((q) => q.path === '/v1/refunds')).toHaveLength(1)
    expect(ctx.stripe.checkout.paymentIntents.get(b.paymentIntentId!)?.amount_refunded).toBe(1_000)
    expect((await bookingRow(ctx, b.id)).refundedCents).toBe(1_000)
    const audits = await ctx.server.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, b.id))
    expect(audits).toHaveLength(1)
  })
})
