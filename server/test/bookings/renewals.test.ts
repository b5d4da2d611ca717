// @module-tag postgres — renewal events recorded once per Stripe object in the ledger
// Renewals that fail and moving out, over HTTP against the real database, with Stripe's events signed and
// delivered to the webhook and the Stripe stand-in's recorded requests read back.
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { bookings } from '../../src/db/schema/bookings'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { ledgerEntries } from '../../src/db/schema/ledger'
import { messages } from '../../src/db/schema/messages'
import { pushJobs, pushSubscriptions } from '../../src/db/schema/push'
import { addDays, startOf } from '../../src/modules/bookings/service/transitions'
import { act, bookingRow, day, deliver, hostWithListing, pay, renter, request, ctx, useBookingsServer } from './helpers'

useBookingsServer()

const unix = (d: string) => startOf(d).getTime() / 1000

/** A running open-ended monthly rental (paid at checkout, started today), its pair and its subscription. */
async function runningRental() {
  const { host, listing } = await hostWithListing(ctx)
  const r = await renter(ctx)
  const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(0) })
  await act(ctx, host.token, body.id, 'accept')
  await pay(ctx, r.token, body.id)
  const booking = (await ctx.server.http('GET', `/api/bookings/${body.id}`, { token: r.token })).body
  expect(booking.state).toBe('active')
  const row = await bookingRow(ctx, body.id)
  return { host, r, id: body.id as string, subscriptionId: row.subscriptionId!, paidThrough: row.paidThrough! }
}

const mailsTo = async (to: string, template: string) =>
  (
    await ctx.server.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, to), eq(emailOutbox.template, template)))
  ).length
const systemTexts = async (storageFree: { renterId: string; hostId: string }) =>
  (await ctx.server.database.db.select().from(messages).where(eq(messages.isSystem, true)))
    .filter((m) => [m.senderId, m.receiverId].sort().join() === [storageFree.renterId, storageFree.hostId].sort().join())
    .map((m) => m.content)

/** The renter's phone has notifications on (a device row; the push service itself is tested in notifications/push.test.ts). */
const aDevice = (userId: string, n = 1) =>
  ctx.server.database.db.insert(pushSubscriptions).values({ userId, endpoint: `https://push.example.com/${userId}/${n}`, p256dh: 'p256dh', auth: 'auth' })
const pushesTo = async (userId: string, id: string) =>
  (await ctx.server.database.db.select().from(pushJobs).where(eq(pushJobs.userId, userId))).filter((j) =>
    j.dedupeKey.startsWith(`booking:${id}:payment-failed`),
  )

const declineRenewal = (subscriptionId: string) => ctx.stripe.checkout.billing.declineRenewal(subscriptionId)!

describe('a renewal the card declines', () => {
  it('marks the booking late and tells the renter once per attempt (email, system message); replays and a second event for the attempt change nothing', async () => {
    const { host, r, id, subscriptionId } = await runningRental()
    await aDevice(r.id)
    const [failed] = declineRenewal(subscriptionId)
    const res = await deliver(ctx, failed!)
    expect(res.body).toMatchObject({ received: true, result: 'late' })
    const row = await bookingRow(ctx, id)
    expect(row.paymentFailedAt).not.toBeNull()
    expect(row.paymentAttempts).toBe(1)
    expect(row.nextPaymentAttemptAt!.getTime()).toBe(failed!.data.object.next_payment_attempt * 1000)
    expect(await mailsTo(r.email, 'booking-payment-failed')).toBe(1)
    expect(await mailsTo(host.email, 'booking-payment-failed')).toBe(0)
    const [mail] = await ctx.server.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, r.email), eq(emailOutbox.template, 'booking-payment-failed')))
    expect(mail!.text).toMatch(/Stripe will try your card again on .+; we don't retry it ourselves\. Update your card to pay now\./)
    expect(mail!.text).toContain(`/bookings?highlight=${id}`)
    expect(mail!.text).not.toContain('Nookshare pays')
    const told = (await systemTexts({ renterId: r.id, hostId: host.id })).filter((t) => t.includes('did not go through'))
    expect(told).toHaveLength(1)
    expect(told[0]).toContain('attempt 1')
    expect(await pushesTo(r.id, id)).toHaveLength(1)

    // The same event again, and another event about the same attempt: nothing new.
    expect((await deliver(ctx, failed!)).body.result).toBe('duplicate')
    const actionRequired = { ...failed!, id: `${failed!.id}_action`, type: 'invoice.payment_action_required' }
    expect((await deliver(ctx, actionRequired)).body.result).toBe('attempt-already-told')
    expect(await mailsTo(r.email, 'booking-payment-failed')).toBe(1)
    expect(await pushesTo(r.id, id)).toHaveLength(1)

    // Stripe's second attempt fails too: told again, with the next retry. (The test device was dropped by the
    // push worker, not being a real push service: the phone subscribes again.)
    await aDevice(r.id, 2)
    await deliver(ctx, declineRenewal(subscriptionId)[0]!)
    expect((await bookingRow(ctx, id)).paymentAttempts).toBe(2)
    expect(await mailsTo(r.email, 'booking-payment-failed')).toBe(2)
    expect(new Set((await pushesTo(r.id, id)).map((j) => j.dedupeKey)).size).toBe(2)
    expect(await pushesTo(host.id, id)).toHaveLength(0)

    // Both see it on the booking; the renter is given the days Stripe retries.
    const seen = (await ctx.server.http('GET', `/api/bookings/${id}`, { token: host.token })).body
    expect(seen.renewal.late).toMatchObject({ attempts: 2 })
    expect(seen.renewal.late.nextRetryAt).not.toBeNull()
    // And on the dashboards: the host's rental and the renter's booking.
    const hostDash = (await ctx.server.http('GET', '/api/dashboard/host', { token: host.token })).body
    expect(hostDash.rentals.find((x: { bookingId: string }) => x.bookingId === id).paymentLate).toEqual({ nextRetryAt: seen.renewal.late.nextRetryAt })
    const renterDash = (await ctx.server.http('GET', '/api/dashboard/storee', { token: r.token })).body
    expect(renterDash.bookings.find((x: { bookingId: string }) => x.bookingId === id).paymentLate).toEqual({ nextRetryAt: seen.renewal.late.nextRetryAt })
  })

  it('the billing portal URL is for the renter only; updating the card pays the open invoice and invoice.paid clears the late flag', async () => {
    const { host, r, id, subscriptionId, paidThrough } = await runningRental()
    await deliver(ctx, declineRenewal(subscriptionId)[0]!)
    const stranger = await renter(ctx)
    expect((await act(ctx, host.token, id, 'payment-method')).status).toBe(403)
    expect((await act(ctx, stranger.token, id, 'payment-method')).status).toBe(403)
    expect((await act(ctx, r.token, 'no-such-booking', 'payment-method')).status).toBe(404)

    const before = ctx.stripe.requests.length
    const res = await act(ctx, r.token, id, 'payment-method')
    expect(res.status).toBe(200)
    const portal = ctx.stripe.requests.slice(before).find((q) => q.path === '/v1/billing_portal/sessions')!
    const customer = ctx.stripe.checkout.subscriptions.get(subscriptionId)!.customer
    expect(portal.params).toEqual({ customer, return_url: expect.stringMatching(new RegExp(`/bookings\\?highlight=${id}$`)) })
    const portalId = new URL(res.body.url).searchParams.get('sandboxPortal')!
    expect(ctx.stripe.checkout.billing.portalSessions.get(portalId)?.customer).toBe(customer)

    const updated = ctx.stripe.checkout.billing.updateCard(portalId)!
    // The invoice is paid, and its charge moves money like any other: the ledger records the payment.
    expect(updated.events.map((e) => e.type)).toEqual(['invoice.paid', 'charge.succeeded', 'application_fee.created', 'transfer.created'])
    expect((await deliver(ctx, updated.events[0]!)).body.result).toBe('renewed')
    for (const e of updated.events.slice(1)) await deliver(ctx, e)
    const charge = updated.events[1]!.data.object
    const payment = await ctx.server.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.kind, 'payment'), eq(ledgerEntries.stripeObjectId, charge.id)))
    expect(payment).toMatchObject([{ bookingId: id, amountCents: charge.amount, invoiceId: updated.events[0]!.data.object.id }])
    const row = await bookingRow(ctx, id)
    expect(row).toMatchObject({ paymentFailedAt: null, lateInvoiceId: null, paymentAttempts: 0, nextPaymentAttemptAt: null })
    expect(row.paidThrough! > paidThrough).toBe(true)
    expect((await ctx.server.http('GET', `/api/bookings/${id}`, { token: r.token })).body.renewal.late).toBeNull()
    expect(await mailsTo(host.email, 'booking-payment-recovered')).toBe(1)
    expect(await mailsTo(r.email, 'booking-payment-recovered')).toBe(1)
  })

  it('when the last retry fails the rental ends at the close of the paid period: the subscription is cancelled without proration, both are told', async () => {
    const { host, r, id, subscriptionId, paidThrough } = await runningRental()
    for (let attempt = 1; attempt <= 3; attempt++) expect((await deliver(ctx, declineRenewal(subscriptionId)[0]!)).body.result).toBe('late')
    const last = declineRenewal(subscriptionId)[0]!
    expect(last.data.object.next_payment_attempt).toBeNull()
    const before = ctx.stripe.requests.length
    expect((await deliver(ctx, last)).body.result).toBe('ended-unpaid')

    const row = await bookingRow(ctx, id)
    expect(row).toMatchObject({ state: 'active', endDate: paidThrough, noticeBy: 'unpaid', nextPaymentAttemptAt: null })
    const sent = ctx.stripe.requests.slice(before)
    expect(sent.find((q) => q.method === 'DELETE' && q.path === `/v1/subscriptions/${subscriptionId}`)!.params).toEqual({
      invoice_now: 'false',
      prorate: 'false',
    })
    expect(sent.some((q) => q.method === 'POST' && q.path === `/v1/invoices/${row.lateInvoiceId}/mark_uncollectible`)).toBe(true)
    expect(ctx.stripe.checkout.subscriptions.get(subscriptionId)!.status).toBe('canceled')
    expect(await mailsTo(r.email, 'booking-ended-unpaid')).toBe(1)
    expect(await mailsTo(host.email, 'booking-ended-unpaid')).toBe(1)
    // The last attempt's notice is the end's: no separate "did not go through" for it.
    expect(await mailsTo(r.email, 'booking-payment-failed')).toBe(3)

    // Stripe then reports the subscription deleted: already ended, nothing changes.
    const deleted = {
      id: `evt_deleted_${id}`,
      object: 'event',
      type: 'customer.subscription.deleted',
      data: { object: ctx.stripe.checkout.subscriptions.get(subscriptionId) },
    }
    expect((await deliver(ctx, deleted)).body.result).toBe('already-ended')
    const seen = (await ctx.server.http('GET', `/api/bookings/${id}`, { token: host.token })).body
    expect(seen.renewal.notice).toMatchObject({ by: 'unpaid', lastDay: paidThrough })
    expect(seen.endDate).toBe(paidThrough)
  })

  it('a subscription Stripe deletes while a renewal is late ends the rental too; one ended on purpose does not', async () => {
    const late = await runningRental()
    await deliver(ctx, declineRenewal(late.subscriptionId)[0]!)
    const sub = { ...ctx.stripe.checkout.subscriptions.get(late.subscriptionId), status: 'canceled' }
    const event = (id: string, object: unknown) => ({ id, object: 'event', type: 'customer.subscription.deleted', data: { object } })
    expect((await deliver(ctx, event(`evt_del_${late.id}`, sub))).body.result).toBe('ended-unpaid')
    expect((await bookingRow(ctx, late.id)).endDate).toBe(late.paidThrough)

    const paidUp = await runningRental()
    const other = { ...ctx.stripe.checkout.subscriptions.get(paidUp.subscriptionId), status: 'canceled' }
    expect((await deliver(ctx, event(`evt_del_${paidUp.id}`, other))).body.result).toBe('ignored')
    expect((await bookingRow(ctx, paidUp.id)).endDate).toBeNull()
  })
})

describe('moving out', () => {
  it('the renter picks the close of a later paid period: Stripe gets cancel_at at that instant with proration_behavior none, both are told', async () => {
    const { host, r, id, subscriptionId, paidThrough } = await runningRental()
    const dates = (await ctx.server.http('GET', `/api/bookings/${id}`, { token: r.token })).body.renewal.moveOutDates as string[]
    expect(dates[0]).toBe(paidThrough)
    expect(dates).toHaveLength(12)
    // The host is offered none (a host gives 30 days' notice).
    expect((await ctx.server.http('GET', `/api/bookings/${id}`, { token: host.token })).body.renewal.moveOutDates).toEqual([])

    const before = ctx.stripe.requests.length
    const res = await act(ctx, r.token, id, 'end', { moveOutOn: dates[2] })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ state: 'active', endDate: dates[2], renewal: { notice: { by: 'renter', lastDay: dates[2] } } })
    const update = ctx.stripe.requests.slice(before).find((q) => q.path === `/v1/subscriptions/${subscriptionId}` && q.params.cancel_at !== undefined)!
    expect(update.params).toEqual({ cancel_at: String(unix(addDays(dates[2]!, 1))), proration_behavior: 'none' })
    expect(ctx.stripe.checkout.subscriptions.get(subscriptionId)!.cancel_at).toBe(unix(addDays(dates[2]!, 1)))
    expect(await mailsTo(r.email, 'booking-moving-out')).toBe(1)
    expect(await mailsTo(host.email, 'booking-moving-out')).toBe(1)
    expect((await systemTexts({ renterId: r.id, hostId: host.id })).some((t) => t.startsWith('Move-out notice'))).toBe(true)
    // The host sees the renter's notice.
    const hostView = (await ctx.server.http('GET', `/api/bookings/${id}`, { token: host.token })).body
    expect(hostView.renewal.notice).toMatchObject({ by: 'renter', lastDay: dates[2] })
    expect((await act(ctx, r.token, id, 'end', { moveOutOn: dates[3] })).status).toBe(409)
  })

  it('a host’s 30 days’ notice is shown to both sides as the host’s', async () => {
    const { host, r, id } = await runningRental()
    expect((await act(ctx, host.token, id, 'end')).status).toBe(200)
    for (const token of [r.token, host.token])
      expect((await ctx.server.http('GET', `/api/bookings/${id}`, { token })).body.renewal.notice).toMatchObject({ by: 'host', lastDay: day(30) })
  })

  it('a day that is not the close of a paid period, a malformed day, or a host naming one is a 400 naming moveOutOn; a stranger is refused', async () => {
    const { host, r, id, paidThrough } = await runningRental()
    for (const moveOutOn of [addDays(paidThrough, 1), addDays(paidThrough, -1), day(-40), '2026-02-31x']) {
      const res = await act(ctx, r.token, id, 'end', { moveOutOn })
      expect(res.status, moveOutOn).toBe(400)
      expect(res.body.field).toBe('moveOutOn')
    }
    const byHost = await act(ctx, host.token, id, 'end', { moveOutOn: paidThrough })
    expect(byHost.status).toBe(400)
    expect(byHost.body.field).toBe('moveOutOn')
    const stranger = await renter(ctx)
    expect((await act(ctx, stranger.token, id, 'end', { moveOutOn: paidThrough })).status).toBe(403)
    expect((await act(ctx, stranger.token, 'nope', 'end', { moveOutOn: paidThrough })).status).toBe(404)
    expect((await bookingRow(ctx, id)).endDate).toBeNull()
  })

  it('the host says the space is clear within 48 h of the move-out; silence for 48 h counts as clear', async () => {
    const { host, r, id, paidThrough } = await runningRental()
    await act(ctx, r.token, id, 'end', { moveOutOn: paidThrough })
    // Before the move-out day: nothing to confirm yet.
    expect((await act(ctx, host.token, id, 'space-clear')).status).toBe(409)
    // The move-out was yesterday (as if time had passed): the rental is over and the host is asked.
    await ctx.server.database.db
      .update(bookings)
      .set({ endDate: day(-1) })
      .where(eq(bookings.id, id))
    const waiting = (await ctx.server.http('GET', `/api/bookings/${id}`, { token: host.token })).body
    expect(waiting.state).toBe('completed')
    expect(waiting.renewal.spaceClear).toMatchObject({ status: 'waiting', deadline: new Date(startOf(day(0)).getTime() + 48 * 3_600_000).toISOString() })
    expect((await act(ctx, r.token, id, 'space-clear')).status).toBe(403)
    const cleared = await act(ctx, host.token, id, 'space-clear')
    expect(cleared.status).toBe(200)
    expect(cleared.body.renewal.spaceClear.status).toBe('confirmed')
    expect(await mailsTo(r.email, 'booking-space-clear')).toBe(1)
    expect((await act(ctx, host.token, id, 'space-clear')).status).toBe(409)

    // Another move-out three days ago that the host never confirmed: clear by silence.
    const quiet = await runningRental()
    await act(ctx, quiet.r.token, quiet.id, 'end', { moveOutOn: quiet.paidThrough })
    await ctx.server.database.db
      .update(bookings)
      .set({ endDate: day(-3) })
      .where(eq(bookings.id, quiet.id))
    const silent = (await ctx.server.http('GET', `/api/bookings/${quiet.id}`, { token: quiet.r.token })).body
    expect(silent.renewal.spaceClear.status).toBe('by-silence')
    expect((await act(ctx, quiet.host.token, quiet.id, 'space-clear')).status).toBe(409)
  })
})
