// @module-tag postgres — refunds under a booking row lock (FOR UPDATE), ledger sums
// Money that comes back over HTTP and Stripe's webhook: a payment after the pay window is refunded and
// changes nothing else (a step the process does not list moves no row); a referral reward goes back with a full refund of the booking that earned it.
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { bookings } from '../../src/db/schema/bookings'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { messages } from '../../src/db/schema/messages'
import { referrals } from '../../src/db/schema/referrals'
import { users } from '../../src/db/schema/users'
import { emailKey } from '../../src/modules/accounts/service/email-key'
import { moveBooking } from '../../src/modules/bookings/service/process'
import { act, bookingRow, day, deliver, hostWithListing, pay, renter, request, ctx, useBookingsServer } from './helpers'

useBookingsServer()

const systemMessages = async (a: string, b: string) =>
  (
    await ctx.server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.isSystem, true)))
  )
    .filter((m) => (m.senderId === a && m.receiverId === b) || (m.senderId === b && m.receiverId === a))
    .map((m) => m.content)

describe('a late payment', () => {
  it('a payment after the pay window closed is refunded in full: the booking expires, both sides are told, the overlapping booking keeps the space', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const [late, next] = [await renter(ctx), await renter(ctx)]
    const one = (await request(ctx, late.token, { storageId: listing.id })).body
    const two = (await request(ctx, next.token, { storageId: listing.id })).body
    expect((await act(ctx, host.token, one.id, 'accept')).status).toBe(200)
    const checkout = await act(ctx, late.token, one.id, 'checkout')
    // The window closes unpaid and, before anyone reads the first booking, the host accepts the second.
    await ctx.server.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, one.id))
    expect((await act(ctx, host.token, two.id, 'accept')).status).toBe(200)
    const before = ctx.stripe.requests.length
    const { events } = ctx.stripe.checkout.complete(checkout.body.sessionId)!
    const results = []
    for (const e of events) results.push((await deliver(ctx, e)).body.result)
    expect(results).toContain('refund-late-payment')
    expect(await bookingRow(ctx, one.id)).toMatchObject({ state: 'expired', paidCents: 0, confirmedAt: null })
    expect((await bookingRow(ctx, two.id)).state).toBe('accepted')
    const refund = ctx.stripe.requests.slice(before).find((q) => q.path === '/v1/refunds')
    expect(refund?.params).toMatchObject({ payment_intent: expect.stringMatching(/^pi_/), reverse_transfer: 'true' })
    expect(refund?.params.amount).toBeUndefined()
    const notice = (await systemMessages(late.id, host.id)).find((m) => m.startsWith('A payment for'))
    expect(notice).toMatch(/arrived after the booking was expired: .* is refunded in full\./)
    const mails = await ctx.server.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'booking-late-payment'))
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([late.email, host.email]))
    expect((await ctx.server.http('GET', `/api/storages/${listing.id}`, { token: late.token })).body.address.street).toBe('')
  })
})

describe('a step the process does not list', () => {
  it('a payment for a booking cancelled meanwhile leaves it cancelled: no move, the money goes back', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    expect((await act(ctx, host.token, body.id, 'accept')).status).toBe(200)
    const checkout = await act(ctx, r.token, body.id, 'checkout')
    expect((await act(ctx, r.token, body.id, 'cancel')).body.state).toBe('cancelled')
    const cancelled = await bookingRow(ctx, body.id)
    const before = ctx.stripe.requests.length
    const { events } = ctx.stripe.checkout.complete(checkout.body.sessionId)!
    const results = []
    for (const e of events) results.push((await deliver(ctx, e)).body.result)
    expect(results).toContain('refund-late-payment')
    // (The first invoice still records its payment for the refund; the state and the money stay put.)
    expect(await bookingRow(ctx, body.id)).toMatchObject({
      state: 'cancelled',
      paidCents: 0,
      paidThrough: null,
      confirmedAt: null,
      cancelledAt: cancelled.cancelledAt,
      cancelledBy: 'renter',
    })
    expect(ctx.stripe.requests.slice(before).some((q) => q.path === '/v1/refunds')).toBe(true)
  })

  it('moveBooking refuses a step not in the table without writing the row', async () => {
    const { listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    await act(ctx, r.token, body.id, 'cancel')
    const cancelled = await bookingRow(ctx, body.id)
    const db = ctx.server.database.db
    expect(await moveBooking(db, cancelled, 'pay', 'stripe', { paidCents: 100 })).toBeUndefined()
    expect(await moveBooking(db, cancelled, 'accept', 'host')).toBeUndefined()
    expect(await bookingRow(ctx, body.id)).toEqual(cancelled)
    // The table's own step from a state the row has left is refused by the guarded update.
    const requested = { ...cancelled, state: 'requested' as const }
    expect(await moveBooking(db, requested, 'accept', 'host')).toBeUndefined()
    expect(await bookingRow(ctx, body.id)).toEqual(cancelled)
  })
})

describe('referral rewards and refunds', () => {
  it('a full refund of the booking that earned a referral reward takes it back, exactly once; /referrals says so', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const referrer = await renter(ctx)
    const [r, other] = [await renter(ctx), await renter(ctx)]
    for (const u of [r, other]) {
      await ctx.server.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, u.id))
      await ctx.server.database.db.insert(referrals).values({ referrerId: referrer.id, referredUserId: u.id, emailKey: emailKey(u.email) })
    }
    const booked = (await request(ctx, r.token, { storageId: listing.id, startDate: day(10), endDate: day(14) })).body.id
    const kept = (await request(ctx, other.token, { storageId: listing.id, startDate: day(20), endDate: day(24) })).body.id
    for (const [id, token] of [
      [booked, r.token],
      [kept, other.token],
    ] as const) {
      expect((await act(ctx, host.token, id, 'accept')).status).toBe(200)
      await pay(ctx, token, id)
    }
    const summary = async () => (await ctx.server.http('GET', '/api/referrals', { token: referrer.token })).body
    expect((await summary()).earnedCents).toBe(2 * ctx.server.app.config.referralRewardCents)

    // The renter cancels more than 24 h ahead: everything comes back, and so does the reward.
    expect((await act(ctx, r.token, booked, 'cancel')).body).toMatchObject({ state: 'cancelled' })
    const after = await summary()
    expect(after.earnedCents).toBe(ctx.server.app.config.referralRewardCents)
    expect(after.referrals.map((x: { status: string }) => x.status).sort()).toEqual(['revoked', 'rewarded'])
    const [revoked] = await ctx.server.database.db.select().from(referrals).where(eq(referrals.referredUserId, r.id))
    expect(revoked).toMatchObject({ status: 'revoked', reason: 'refunded', rewardBookingId: booked })

    // Stripe's charge.refunded for that refund, and its replay, change nothing more.
    const paid = await bookingRow(ctx, booked)
    const refundEvent = (id: string) => ({
      id,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ch_ref', object: 'charge', payment_intent: paid.paymentIntentId, amount_refunded: paid.paidCents } },
    })
    expect((await deliver(ctx, refundEvent(`evt_ref_${booked}`))).body.result).toBe('unchanged')
    expect((await deliver(ctx, refundEvent(`evt_ref_${booked}`))).body.result).toBe('duplicate')
    const [still] = await ctx.server.database.db.select().from(referrals).where(eq(referrals.referredUserId, r.id))
    expect(still).toEqual(revoked)
    expect((await summary()).earnedCents).toBe(ctx.server.app.config.referralRewardCents)
  })

  it('a refund made in Stripe’s dashboard (charge.refunded) takes the reward back only when it is full', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const referrer = await renter(ctx)
    const r = await renter(ctx)
    await ctx.server.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, r.id))
    await ctx.server.database.db.insert(referrals).values({ referrerId: referrer.id, referredUserId: r.id, emailKey: emailKey(r.email) })
    const id = (await request(ctx, r.token, { storageId: listing.id, startDate: day(10), endDate: day(14) })).body.id
    await act(ctx, host.token, id, 'accept')
    await pay(ctx, r.token, id)
    const paid = await bookingRow(ctx, id)
    const refund = (n: number, cents: number) => ({
      id: `evt_dash_${n}_${id}`,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ch_dash', object: 'charge', payment_intent: paid.paymentIntentId, amount_refunded: cents } },
    })
    const status = async () => (await ctx.server.database.db.select().from(referrals).where(eq(referrals.referredUserId, r.id)))[0]!.status
    expect((await deliver(ctx, refund(1, paid.paidCents - 100))).body.result).toBe('refunded')
    expect(await status()).toBe('rewarded')
    expect((await deliver(ctx, refund(2, paid.paidCents))).body.result).toBe('refunded')
    expect(await status()).toBe('revoked')
  })
})
