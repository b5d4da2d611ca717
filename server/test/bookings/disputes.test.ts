// @module-tag postgres — dispute events replayed against stored rows, in transactions
// A renter's bank disputes a booking's payment: Stripe's charge.dispute.* events (signed, to the webhook
// route) mark the booking, /admin lists it under Disputed, the host sees it on their booking; a replay or
// an older event arriving late changes nothing; closing records the outcome.
import { beforeAll, describe, expect, it } from 'vitest'
import { and, asc, eq } from 'drizzle-orm'
import { adminAuditLog } from '../../src/db/schema/admin-audit-log'
import { bookingDisputes } from '../../src/db/schema/booking-disputes'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { disputeEvent, newDisputeId } from '../../src/modules/payments/stand-in/stand-in-disputes'
import { act, admin, bookingRow, day, deliver, hostWithListing, pay, renter, request, ctx, useBookingsServer } from './helpers'

useBookingsServer()

let adminToken: string
beforeAll(async () => {
  adminToken = (await admin(ctx)).token
})

async function paidBooking() {
  const { host, listing } = await hostWithListing(ctx)
  const r = await renter(ctx)
  const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(10), endDate: day(14) })
  await act(ctx, host.token, body.id, 'accept')
  await pay(ctx, r.token, body.id)
  return { host, renter: r, booking: await bookingRow(ctx, body.id) }
}

const disputedList = async () => (await ctx.server.http('GET', '/api/admin/bookings?disputed=true&limit=100', { token: adminToken })).body
const disputesOf = (bookingId: string) => ctx.server.database.db.select().from(bookingDisputes).where(eq(bookingDisputes.bookingId, bookingId))
// In the order they were written: without ORDER BY, PostgreSQL returns rows in whatever order its heap holds them
// (an outbox row updated when sent moves), which put the second mail first once in a CI run.
const disputeMails = async (to: string) =>
  await ctx.server.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, 'booking-disputed'), eq(emailOutbox.to, to)))
    .orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id))

describe('a disputed payment', () => {
  it('charge.dispute.created marks the booking: listed under Disputed in /admin, shown to the host, the host emailed; a replay changes nothing', async () => {
    const { host, renter: r, booking: b } = await paidBooking()
    const other = await paidBooking()
    const t = Math.floor(Date.now() / 1000)
    const d = {
      id: newDisputeId(),
      paymentIntent: b.paymentIntentId!,
      amount: b.paidCents,
      currency: b.currency,
      reason: 'product_not_received',
      created: t,
      dueBy: t + 7 * 86_400,
    }
    const created = disputeEvent('created', d, t)
    expect((await deliver(ctx, created)).body.result).toBe('disputed')

    const list = await disputedList()
    const ids = list.items.map((i: { id: string }) => i.id)
    expect(ids).toContain(b.id)
    expect(ids).not.toContain(other.booking.id)
    expect(list.items.find((i: { id: string }) => i.id === b.id).dispute).toEqual({
      id: d.id,
      status: 'needs_response',
      reason: 'product_not_received',
      amountCents: b.paidCents,
      currency: b.currency,
      dueBy: new Date(d.dueBy * 1000).toISOString(),
      openedAt: new Date(t * 1000).toISOString(),
      closedAt: null,
      evidenceSubmittedAt: null,
    })
    const seenByHost = await ctx.server.http('GET', `/api/bookings/${b.id}`, { token: host.token })
    expect(seenByHost.body.dispute).toMatchObject({ status: 'needs_response', amountCents: b.paidCents })
    const hostList = await ctx.server.http('GET', '/api/bookings', { token: host.token })
    expect(hostList.body.asHost.find((x: { id: string }) => x.id === b.id).dispute.status).toBe('needs_response')
    expect((await ctx.server.http('GET', `/api/bookings/${b.id}`, { token: r.token })).body.dispute.id).toBe(d.id)
    expect(await disputeMails(host.email)).toHaveLength(1)
    expect((await disputeMails(host.email))[0]!.text).toMatch(/disputed a .* payment for/)

    // The same event again (Stripe retries), and a second delivery under a new event id: nothing changes.
    expect((await deliver(ctx, created)).body.result).toBe('unchanged')
    expect((await deliver(ctx, { ...created, id: `${created.id}_again` })).body.result).toBe('unchanged')
    expect(await disputesOf(b.id)).toHaveLength(1)
    expect(await disputeMails(host.email)).toHaveLength(1)
    // The booking itself is untouched by a dispute (its state and money are Stripe's outcome's to change).
    expect(await bookingRow(ctx, b.id)).toMatchObject({ state: 'confirmed', refundedCents: 0 })
  })

  it('updated then closed records the status and outcome; an older update arriving late does not reopen it', async () => {
    const { host, booking: b } = await paidBooking()
    const t = Math.floor(Date.now() / 1000) - 100
    const d = { id: newDisputeId(), paymentIntent: b.paymentIntentId!, amount: 4_000, currency: b.currency, created: t }
    expect((await deliver(ctx, disputeEvent('created', d, t))).body.result).toBe('disputed')
    const update = disputeEvent('updated', { ...d, status: 'under_review' }, t + 10)
    expect((await deliver(ctx, update)).body.result).toBe('under_review')
    const closed = disputeEvent('closed', { ...d, status: 'won' }, t + 20)
    expect((await deliver(ctx, closed)).body.result).toBe('won')
    const [row] = await disputesOf(b.id)
    expect(row).toMatchObject({ status: 'won', amountCents: 4_000, closedAt: new Date((t + 20) * 1000) })
    // Late: an update older than the close, and one that says "needs response" after the decision.
    expect((await deliver(ctx, disputeEvent('updated', { ...d, status: 'needs_response' }, t + 15))).body.result).toBe('unchanged')
    expect((await deliver(ctx, disputeEvent('updated', { ...d, status: 'needs_response' }, t + 30))).body.result).toBe('unchanged')
    expect((await disputesOf(b.id))[0]).toMatchObject({ status: 'won' })
    const list = await disputedList()
    expect(list.items.find((i: { id: string }) => i.id === b.id).dispute).toMatchObject({ status: 'won', closedAt: new Date((t + 20) * 1000).toISOString() })
    // The host heard when it opened and when it was decided.
    const mails = await disputeMails(host.email)
    expect(mails.map((m) => m.subject)).toEqual(['Nookshare: a payment was disputed', 'Nookshare: a disputed payment was decided'])
    expect(mails[1]!.text).toMatch(/in your favour/)
  })

  it('an admin marks the evidence sent (audited, once); a host may not, and a decided dispute takes no mark', async () => {
    const { host, booking: b } = await paidBooking()
    const d = { id: newDisputeId(), paymentIntent: b.paymentIntentId!, amount: 2_000, currency: b.currency }
    await deliver(ctx, disputeEvent('created', d))
    const mark = (token: string) => ctx.server.http('POST', `/api/admin/bookings/${b.id}/dispute-evidence`, { token, json: {} })
    expect((await mark(host.token)).status).toBe(403)
    const marked = await mark(adminToken)
    expect(marked.status).toBe(200)
    expect(marked.body.evidenceSubmittedAt).toEqual(expect.any(String))
    expect((await mark(adminToken)).body.evidenceSubmittedAt).toBe(marked.body.evidenceSubmittedAt)
    const audits = await ctx.server.database.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, b.id))
    expect(audits.map((a) => a.action)).toEqual(['booking.dispute-evidence'])
    await deliver(ctx, disputeEvent('closed', { ...d, status: 'lost' }, Math.floor(Date.now() / 1000) + 5))
    const other = await paidBooking()
    const e = { id: newDisputeId(), paymentIntent: other.booking.paymentIntentId!, amount: 2_000, currency: b.currency }
    await deliver(ctx, disputeEvent('created', e))
    await deliver(ctx, disputeEvent('closed', { ...e, status: 'won' }, Math.floor(Date.now() / 1000) + 5))
    expect((await ctx.server.http('POST', `/api/admin/bookings/${other.booking.id}/dispute-evidence`, { token: adminToken, json: {} })).status).toBe(409)
  })

  it('a dispute of a payment no booking knows changes nothing', async () => {
    const res = await deliver(ctx, disputeEvent('created', { id: newDisputeId(), paymentIntent: 'pi_unknown_123', amount: 500, currency: 'CAD' }))
    expect(res.status).toBe(200)
    expect(res.body.result).toBe('unknown')
  })

  it('a forged dispute event (bad signature) is refused', async () => {
    const { booking: b } = await paidBooking()
    const res = await deliver(
      ctx,
      disputeEvent('created', { id: newDisputeId(), paymentIntent: b.paymentIntentId!, amount: 500, currency: 'CAD' }),
      'whsec_wrong',
    )
    expect(res.status).toBe(400)
    expect(await disputesOf(b.id)).toHaveLength(0)
  })
})
