// @module-tag postgres — booking steps under row locks (FOR UPDATE); parallel accepts and cancels
// The bookings API over HTTP: quotes, every step and guard of the state machine, who may see a booking,
// races, checkout parameters sent to Stripe, the webhook's signature and idempotency, refunds.
import { describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { bookings } from '../../src/db/schema/bookings'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { messages } from '../../src/db/schema/messages'
import { referrals } from '../../src/db/schema/referrals'
import { createListing } from '../storage-fixtures'
import { users } from '../../src/db/schema/users'
import { emailKey } from '../../src/modules/accounts/service/email-key'
import { addDays, addMonths, addMonthsUnix, paidThroughAfter, startOf } from '../../src/modules/bookings/service/transitions'
import { act, admin, bookingRow, day, deliver, hostWithListing, pay, renter, request, ctx, useBookingsServer } from './helpers'

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

/** A day as Stripe's timestamps count it: the instant it begins (UTC), in seconds. */
const unix = (d: string) => startOf(d).getTime() / 1000

/** Nov 28 → Jan 12 of next year (46 days, both ends counted): always in the future. */
const novToJan = () => {
  const year = new Date().getUTCFullYear() + 1
  return { year, startDate: `${year}-11-28`, endDate: `${year + 1}-01-12` }
}

describe('POST /api/bookings/quote', () => {
  it('prices a monthly stay and a short one in cents, on the server', async () => {
    const { listing } = await hostWithListing(ctx, { ready: false })
    const monthly = await ctx.server.http('POST', '/api/bookings/quote', { json: { storageId: listing.id, startDate: day(3), protection: true } })
    expect(monthly.status).toBe(200)
    expect(monthly.body).toMatchObject({
      kind: 'monthly',
      baseCents: 12_000,
      serviceFeeCents: 1_200,
      protectionCents: 900,
      firstPaymentCents: 14_100,
      recurringCents: 14_100,
      currency: 'CAD',
    })
    const short = await ctx.server.http('POST', '/api/bookings/quote', { json: { storageId: listing.id, startDate: day(3), endDate: day(9) } })
    expect(short.body).toMatchObject({ kind: 'short', days: 7, baseCents: 2_800, serviceFeeCents: 280, firstPaymentCents: 3_080, recurringCents: 0 })
    expect(short.body).toMatchObject({ payments: [{ date: day(3), days: 7, cents: 3_080 }], totalCents: 3_080 })
    expect(monthly.body).toMatchObject({ payments: [{ date: day(3), days: null, cents: 14_100 }], totalCents: null })
  })

  it('Nov 28 → Jan 12 (46 days): each payment with its day, the last period pro-rated, and the total of the stay', async () => {
    const { listing } = await hostWithListing(ctx, { ready: false })
    const { startDate, endDate, year } = novToJan()
    const res = await ctx.server.http('POST', '/api/bookings/quote', { json: { storageId: listing.id, startDate, endDate } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ kind: 'monthly', days: 46, firstPaymentCents: 13_200, totalCents: 20_240, currency: 'CAD' })
    expect(res.body.payments).toEqual([
      { date: `${year}-11-28`, days: null, baseCents: 12_000, serviceFeeCents: 1_200, protectionCents: 0, cents: 13_200 },
      { date: `${year}-12-28`, days: 16, baseCents: 6_400, serviceFeeCents: 640, protectionCents: 0, cents: 7_040 },
    ])
  })

  it('bad input is a 400 naming the field', async () => {
    const { listing } = await hostWithListing(ctx, { ready: false })
    const q = (json: Record<string, unknown>) => ctx.server.http('POST', '/api/bookings/quote', { json: { storageId: listing.id, startDate: day(3), ...json } })
    expect((await q({ startDate: 'tomorrow' })).body.field).toBe('startDate')
    expect((await q({ startDate: day(-2) })).body).toMatchObject({ statusCode: 400, field: 'startDate' })
    expect((await q({ endDate: day(1) })).body).toMatchObject({ statusCode: 400, field: 'endDate' })
    expect((await q({ offerCents: 12_000 })).body).toMatchObject({ statusCode: 400, field: 'offerCents' })
    expect((await q({ offerCents: 99.5 })).body).toMatchObject({ statusCode: 400, field: 'offerCents' })
  })
  it('impossible dates are a 400 naming the field, never a 500', async () => {
    const { listing } = await hostWithListing(ctx, { ready: false })
    const q = (json: Record<string, unknown>) => ctx.server.http('POST', '/api/bookings/quote', { json: { storageId: listing.id, startDate: day(3), ...json } })
    for (const bad of ['2027-02-31', '2027-13-01', '2027-06-00', '2027-00-10']) {
      expect((await q({ startDate: bad })).body).toMatchObject({ statusCode: 400, field: 'startDate' })
      expect((await q({ endDate: bad })).body).toMatchObject({ statusCode: 400, field: 'endDate' })
    }
    expect((await q({ startDate: '2028-02-29', endDate: '2028-03-30' })).status).toBe(200)
  })

  it('a stay shorter than the listing’s minimum is refused with the minimum; the minimum itself and a monthly stay are accepted', async () => {
    const { listing } = await hostWithListing(ctx, { ready: false, minimumDays: 90 })
    const r = await renter(ctx)
    const short = await request(ctx, r.token, { storageId: listing.id, startDate: day(10), endDate: day(10) })
    expect(short.status).toBe(400)
    expect(short.body).toMatchObject({ field: 'endDate', error: 'This space has a minimum stay of 90 days.' })
    expect((await ctx.server.http('POST', '/api/bookings/quote', { json: { storageId: listing.id, startDate: day(10), endDate: day(98) } })).body.field).toBe(
      'endDate',
    )
    expect((await ctx.server.http('POST', '/api/bookings/quote', { json: { storageId: listing.id, startDate: day(10), endDate: day(99) } })).status).toBe(200)
    expect((await request(ctx, r.token, { storageId: listing.id, startDate: day(10) })).status).toBe(201)
  })
})

describe('the booking journey', () => {
  it('request → accept → checkout (exact Stripe parameters) → webhook confirms → the renter sees the address', async () => {
    const { host, listing, accountId } = await hostWithListing(ctx)
    const r = await renter(ctx)
    expect((await ctx.server.http('GET', `/api/storages/${listing.id}`, { token: r.token })).body.address.street).toBe('')
    const created = await request(ctx, r.token, { storageId: listing.id, protection: true })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ state: 'requested', role: 'renter', actions: ['cancel'], quote: { firstPaymentCents: 14_100 } })
    const id = created.body.id

    const hostView = await ctx.server.http('GET', `/api/bookings/${id}`, { token: host.token })
    expect(hostView.body).toMatchObject({ role: 'host', actions: ['accept', 'decline'] })
    expect((await act(ctx, r.token, id, 'checkout')).status).toBe(409)

    const accepted = await act(ctx, host.token, id, 'accept')
    expect(accepted.status).toBe(200)
    expect(accepted.body.state).toBe('accepted')

    const before = ctx.stripe.requests.length
    const { sessionId, results } = await pay(ctx, r.token, id)
    const sent = ctx.stripe.requests.slice(before).find((q) => q.path === '/v1/checkout/sessions')!
    expect(sent.params).toMatchObject({
      mode: 'subscription',
      client_reference_id: id,
      customer_email: r.email,
      metadata: { bookingId: id, storageId: listing.id },
      line_items: [{ quantity: '1', price_data: { currency: 'cad', unit_amount: '14100', recurring: { interval: 'month' } } }],
      subscription_data: { application_fee_percent: '14.89', transfer_data: { destination: accountId }, metadata: { bookingId: id } },
    })
    expect(String(sent.params.success_url)).toContain(`/success?booking=${id}&session_id={CHECKOUT_SESSION_ID}`)
    expect(String(sent.params.cancel_url)).toContain(`/canceled?booking=${id}`)
    expect(sent.idempotencyKey).toMatch(/^nookshare-checkout-/)
    // Then the payment's money, as Stripe sends it for a destination charge: written to the ledger (ledger-api.test.ts).
    expect(results.map((x) => x.body.result)).toEqual(['confirmed', 'first-invoice', 'ledger', 'ledger', 'ledger'])

    const row = await bookingRow(ctx, id)
    expect(row).toMatchObject({ state: 'confirmed', paidCents: 14_100, checkoutSessionId: sessionId })
    expect(row.paymentIntentId).toMatch(/^pi_/)
    expect(row.subscriptionId).toMatch(/^sub_/)
    const seen = await ctx.server.http('GET', `/api/storages/${listing.id}`, { token: r.token })
    expect(seen.body.address.street).toBe('123 Queen St W')

    const notices = await systemMessages(r.id, host.id)
    expect(notices.some((m) => m.startsWith('Booking requested'))).toBe(true)
    expect(notices.some((m) => m.startsWith('Booking accepted'))).toBe(true)
    expect(notices.some((m) => m.startsWith('Booking confirmed'))).toBe(true)
    const mails = await ctx.server.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'booking-confirmed'))
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([r.email, host.email]))

    // A listing holding a paid booking cannot be removed.
    expect((await ctx.server.http('DELETE', `/api/storages/${listing.id}`, { token: host.token })).status).toBe(409)
  })

  it('a referred renter’s first confirmed booking earns the referrer the reward, once', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const referrer = await renter(ctx)
    const r = await renter(ctx)
    // Joined through the referrer's link, with a verified address.
    await ctx.server.database.db.update(users).set({ emailVerified: true }).where(eq(users.id, r.id))
    await ctx.server.database.db.insert(referrals).values({ referrerId: referrer.id, referredUserId: r.id, emailKey: emailKey(r.email) })
    const first = (await request(ctx, r.token, { storageId: listing.id })).body.id
    expect((await act(ctx, host.token, first, 'accept')).status).toBe(200)
    await pay(ctx, r.token, first)
    const [row] = await ctx.server.database.db.select().from(referrals).where(eq(referrals.referredUserId, r.id))
    expect(row).toMatchObject({ status: 'rewarded', rewardCents: ctx.server.app.config.referralRewardCents })
    const rewardedAt = row!.rewardedAt
    // A second confirmed booking changes nothing.
    const another = await createListing(ctx.server, host.token, { priceCents: 9_000 })
    const second = (await request(ctx, r.token, { storageId: another.id })).body.id
    expect((await act(ctx, host.token, second, 'accept')).status).toBe(200)
    await pay(ctx, r.token, second)
    const rows = await ctx.server.database.db.select().from(referrals).where(eq(referrals.referrerId, referrer.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.rewardedAt).toEqual(rewardedAt)
  })

  it('a monthly stay with an end date: Stripe is told its schedule (full months, the pro-rated last, then cancel), and the last payment pays to the end date', async () => {
    const { host, listing, accountId } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { startDate, endDate } = novToJan()
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate, endDate, protection: true })
    await act(ctx, host.token, body.id, 'accept')
    const before = ctx.stripe.requests.length
    await pay(ctx, r.token, body.id)
    const row = await bookingRow(ctx, body.id)
    expect(row).toMatchObject({ state: 'confirmed', paidCents: 14_100, paidThrough: startDate.replace(/-11-28$/, '-12-27') })

    const sent = ctx.stripe.requests.slice(before).filter((q) => q.path.startsWith('/v1/subscription_schedules'))
    expect(sent).toHaveLength(2)
    expect(sent[0]).toMatchObject({
      method: 'POST',
      path: '/v1/subscription_schedules',
      params: { from_subscription: row.subscriptionId, expand: ['phases.items.price'] },
      idempotencyKey: `nookshare-schedule-${body.id}`,
    })
    const schedule = [...ctx.stripe.checkout.schedules.values()].find((s) => s.subscription === row.subscriptionId)!
    const sub = ctx.stripe.checkout.subscriptions.get(row.subscriptionId!)!
    const metadata = { bookingId: body.id, storageId: listing.id }
    expect(sent[1]).toMatchObject({ method: 'POST', path: `/v1/subscription_schedules/${schedule.id}`, idempotencyKey: `nookshare-schedule-phases-${body.id}` })
    const paidAt = sub.items.data[0].current_period_start as number
    const price = sub.items.data[0].price
    const common = { application_fee_percent: '14.89', proration_behavior: 'none', transfer_data: { destination: accountId }, metadata }
    expect(sent[1]!.params).toEqual({
      end_behavior: 'cancel',
      proration_behavior: 'none',
      metadata,
      phases: [
        // Paid about a year ahead: the month the payment bought (no renewal inside it)…
        { start_date: String(paidAt), end_date: String(addMonthsUnix(paidAt, 1)), items: [{ price: price.id, quantity: '1' }], ...common },
        // …then nothing is charged up to the stay's second payment date: the first payment paid the first month.
        { trial: 'true', end_date: String(unix(startDate.replace(/-11-28$/, '-12-28'))), items: [{ price: price.id, quantity: '1' }], ...common },
        {
          // Dec 28 → Jan 12: 16 days of 120.00 + 10 % + 16 days of the 9.00 protection, charged on Dec 28.
          billing_cycle_anchor: 'phase_start',
          items: [{ price_data: { currency: 'cad', product: price.product, unit_amount: '7520', recurring: { interval: 'month' } }, quantity: '1' }],
          duration: { interval: 'month', interval_count: '1' },
          ...common,
        },
      ],
    })
    // What the stand-in's schedule charges: the first payment at checkout, the pro-rated last on its day (Dec 28), nothing after.
    const planned = ctx.stripe.checkout.scheduledCharges(schedule.id, { until: unix(`${Number(startDate.slice(0, 4)) + 3}-01-01`) })!
    expect(planned.charges.map((c) => [c.at, c.cents])).toEqual([
      [paidAt, 14_100],
      [unix(startDate.replace(/-11-28$/, '-12-28')), 7_520],
    ])
    expect(planned.thenReleased).toBe(false)

    // The last payment pays up to the end date, not a month on; the stay is then paid in full.
    const last = {
      id: `evt_last_${body.id}`,
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'in_last',
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          subscription: row.subscriptionId,
          amount_paid: 7_520,
          currency: 'cad',
        },
      },
    }
    expect((await deliver(ctx, last)).body.result).toBe('renewed')
    expect(await bookingRow(ctx, body.id)).toMatchObject({ paidCents: 21_620, paidThrough: endDate })
    const seen = await ctx.server.http('GET', `/api/bookings/${body.id}`, { token: r.token })
    expect(seen.body.quote).toMatchObject({ totalCents: 21_620 })
  })

  it('a short stay is a one-off payment with the application fee and the destination', async () => {
    const { host, listing, accountId } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(5), endDate: day(11) })
    await act(ctx, host.token, body.id, 'accept')
    const before = ctx.stripe.requests.length
    await pay(ctx, r.token, body.id)
    const sent = ctx.stripe.requests.slice(before).find((q) => q.path === '/v1/checkout/sessions')!
    expect(sent.params).toMatchObject({
      mode: 'payment',
      line_items: [{ price_data: { unit_amount: '3080' } }],
      payment_intent_data: { application_fee_amount: '280', transfer_data: { destination: accountId }, metadata: { bookingId: body.id } },
    })
    expect(sent.params.subscription_data).toBeUndefined()
    expect(await bookingRow(ctx, body.id)).toMatchObject({ state: 'confirmed', paidCents: 3_080, paidThrough: day(11) })
  })
})

describe('guards', () => {
  it('a step written into the chat leaves both sides\' unread messages and "Seen" as they were', async () => {
    const { host, listing } = await hostWithListing(ctx, { ready: false }) // a request needs no payment setup
    const r = await renter(ctx)
    for (const content of ['The garage is dry.', 'It has a side door.']) {
      expect((await ctx.server.http('POST', '/api/messages', { token: host.token, json: { receiverId: r.id, content } })).status).toBe(201)
    }
    const hostsLast = (await ctx.server.http('GET', `/api/messages/${r.id}`, { token: host.token })).body.messages.at(-1).seq as number
    // The request's notice is written into the chat as from the renter, who has not opened it.
    expect((await request(ctx, r.token, { storageId: listing.id })).status).toBe(201)
    const unread = async (token: string, otherId: string) =>
      ((await ctx.server.http('GET', '/api/conversations', { token })).body as { _id: string; unreadCount: number }[]).find((c) => c._id === otherId)!
        .unreadCount
    expect(await unread(r.token, host.id)).toBe(2)
    expect(await unread(host.token, r.id)).toBe(1)
    expect((await ctx.server.http('GET', `/api/messages/${r.id}`, { token: host.token })).body.otherReadSeq).toBeLessThan(hostsLast)
    // Opening the chat reads it; a reply still marks the replier's side read.
    expect((await ctx.server.http('GET', `/api/messages/${host.id}`, { token: r.token })).status).toBe(200)
    expect(await unread(r.token, host.id)).toBe(0)
    await ctx.server.http('POST', '/api/messages', { token: host.token, json: { receiverId: r.id, content: 'See you then.' } })
    expect(await unread(host.token, r.id)).toBe(0)
  })

  it('only the two parties and admins see a booking', async () => {
    const { listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    const stranger = await renter(ctx)
    expect((await ctx.server.http('GET', `/api/bookings/${body.id}`, { token: stranger.token })).status).toBe(403)
    expect((await act(ctx, stranger.token, body.id, 'accept')).status).toBe(403)
    expect((await ctx.server.http('GET', `/api/bookings/${body.id}`)).status).toBe(401)
    expect((await ctx.server.http('GET', '/api/bookings', { token: stranger.token })).body).toEqual({ asRenter: [], asHost: [] })
    const boss = await admin(ctx)
    const seen = await ctx.server.http('GET', `/api/bookings/${body.id}`, { token: boss.token })
    expect(seen.body).toMatchObject({ role: 'admin', actions: [] })
    expect((await act(ctx, boss.token, body.id, 'accept')).status).toBe(403)
  })

  it('a step the state does not allow is a 409 with a message', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    expect(await act(ctx, r.token, body.id, 'accept')).toMatchObject({ status: 409, body: { error: 'A requested booking cannot be accepted.' } })
    expect((await act(ctx, host.token, body.id, 'counter', { counterCents: 11_000 })).status).toBe(409)
    expect((await act(ctx, host.token, body.id, 'decline')).body.state).toBe('declined')
    expect((await act(ctx, host.token, body.id, 'accept')).status).toBe(409)
    expect((await act(ctx, r.token, body.id, 'cancel')).status).toBe(409)
    expect((await act(ctx, host.token, listing.id, 'accept')).status).toBe(404)
  })

  it('a host cannot book their own listing', async () => {
    const { host, listing } = await hostWithListing(ctx, { ready: false })
    expect((await request(ctx, host.token, { storageId: listing.id })).status).toBe(409)
  })

  it('a host without completed payment setup cannot accept (409, field paymentSetup)', async () => {
    const { host, listing } = await hostWithListing(ctx, { ready: false })
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    const res = await act(ctx, host.token, body.id, 'accept')
    expect(res).toMatchObject({ status: 409, body: { field: 'paymentSetup' } })
    expect((await bookingRow(ctx, body.id)).state).toBe('requested')
  })

  it('an unanswered request expires after 48 h and can no longer be accepted', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    expect(new Date(body.expiresAt).getTime() - Date.now()).toBeGreaterThan(47.9 * 3600_000)
    await ctx.server.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, body.id))
    expect((await ctx.server.http('GET', `/api/bookings/${body.id}`, { token: host.token })).body.state).toBe('expired')
    expect((await act(ctx, host.token, body.id, 'accept')).status).toBe(409)
    expect((await systemMessages(r.id, host.id)).some((m) => m.includes('expired: it was not answered or paid within 48 hours'))).toBe(true)
  })
})

describe('races', () => {
  it('an accepted booking left unpaid past its window no longer holds the space', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const [a, b] = [await renter(ctx), await renter(ctx)]
    const one = (await request(ctx, a.token, { storageId: listing.id })).body
    const two = (await request(ctx, b.token, { storageId: listing.id })).body
    expect((await act(ctx, host.token, one.id, 'accept')).status).toBe(200)
    // The first is open-ended: every day from its start is taken.
    expect((await act(ctx, host.token, two.id, 'accept')).body).toMatchObject({
      statusCode: 409,
      error: expect.stringMatching(/^\w{3} \d+ onwards is not available\.$/),
    })
    await ctx.server.database.db
      .update(bookings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(bookings.id, one.id))
    expect((await act(ctx, host.token, two.id, 'accept')).status).toBe(200)
  })

  it('two accepts of overlapping requests: exactly one succeeds, the space is not double-booked', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const [a, b] = [await renter(ctx), await renter(ctx)]
    const one = (await request(ctx, a.token, { storageId: listing.id, startDate: day(10) })).body
    const two = (await request(ctx, b.token, { storageId: listing.id, startDate: day(20), endDate: day(40) })).body
    const results = await Promise.all([act(ctx, host.token, one.id, 'accept'), act(ctx, host.token, two.id, 'accept')])
    expect(results.map((x) => x.status).sort()).toEqual([200, 409])
    const states = [(await bookingRow(ctx, one.id)).state, (await bookingRow(ctx, two.id)).state].sort()
    expect(states).toEqual(['accepted', 'requested'])
  })

  it('accept against decline: exactly one wins', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    const [accept, decline] = await Promise.all([act(ctx, host.token, body.id, 'accept'), act(ctx, host.token, body.id, 'decline')])
    expect([accept.status, decline.status].sort()).toEqual([200, 409])
    expect((await bookingRow(ctx, body.id)).state).toBe(accept.status === 200 ? 'accepted' : 'declined')
  })

  it('three racing steps on one request: one conditional update wins', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    const results = await Promise.all([act(ctx, r.token, body.id, 'cancel'), act(ctx, r.token, body.id, 'cancel'), act(ctx, host.token, body.id, 'decline')])
    expect(results.filter((x) => x.status === 200)).toHaveLength(1)
  })
})

describe('POST /api/stripe/webhook for bookings', () => {
  it('a forged signature changes nothing; a replayed event changes nothing', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(5), endDate: day(8) })
    await act(ctx, host.token, body.id, 'accept')
    const checkout = await act(ctx, r.token, body.id, 'checkout')
    const { events } = ctx.stripe.checkout.complete(checkout.body.sessionId)!
    const event = events[0]!
    expect((await deliver(ctx, event, 'whsec_forged')).status).toBe(400)
    expect((await bookingRow(ctx, body.id)).state).toBe('accepted')
    expect((await deliver(ctx, event)).body.result).toBe('confirmed')
    const paid = await bookingRow(ctx, body.id)
    const again = await deliver(ctx, event)
    expect(again.status).toBe(200)
    expect(again.body.result).toBe('duplicate')
    expect(await bookingRow(ctx, body.id)).toEqual(paid)
    // The same payment under a new event id (Stripe never does this, but it must not pay twice).
    expect((await deliver(ctx, { ...event, id: 'evt_other_' + body.id })).body.result).toBe('refund-late-payment')
    expect((await bookingRow(ctx, body.id)).paidCents).toBe(paid.paidCents)
  })

  it('invoice.paid for the next month extends the paid period; charge.refunded records a refund once', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(3) })
    await act(ctx, host.token, body.id, 'accept')
    await pay(ctx, r.token, body.id)
    const paid = await bookingRow(ctx, body.id)
    const renewal = {
      id: `evt_renewal_${body.id}`,
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'in_next',
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          subscription: paid.subscriptionId,
          payment_intent: 'pi_next',
          amount_paid: 13_200,
          currency: 'cad',
        },
      },
    }
    expect((await deliver(ctx, renewal)).body.result).toBe('renewed')
    expect((await deliver(ctx, renewal)).body.result).toBe('duplicate')
    const renewed = await bookingRow(ctx, body.id)
    expect(renewed.paidCents).toBe(paid.paidCents + 13_200)
    expect(renewed.paidThrough).toBe(paidThroughAfter(day(3), 2))
    const refunded = {
      id: `evt_refund_${body.id}`,
      object: 'event',
      type: 'charge.refunded',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'ch_1', object: 'charge', payment_intent: 'pi_next', amount_refunded: 500 } },
    }
    expect((await deliver(ctx, refunded)).body.result).toBe('refunded')
    expect((await deliver(ctx, refunded)).body.result).toBe('duplicate')
    expect((await bookingRow(ctx, body.id)).refundedCents).toBe(500)
  })

  it('the return URL alone confirms nothing', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    await act(ctx, host.token, body.id, 'accept')
    await act(ctx, r.token, body.id, 'checkout')
    expect((await ctx.server.http('GET', `/api/bookings/${body.id}`, { token: r.token })).body.state).toBe('accepted')
  })
})

describe('cancellation', () => {
  it('more than 24 h before the start: a full refund through Stripe', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id, protection: true })
    await act(ctx, host.token, body.id, 'accept')
    await pay(ctx, r.token, body.id)
    const before = ctx.stripe.requests.length
    const res = await act(ctx, r.token, body.id, 'cancel')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ state: 'cancelled', refundedCents: 14_100 })
    const sent = ctx.stripe.requests.slice(before)
    expect(sent.find((q) => q.path === '/v1/refunds')!.params).toMatchObject({ amount: '14100', reverse_transfer: 'true', refund_application_fee: 'true' })
    expect(sent.some((q) => q.method === 'DELETE' && q.path.startsWith('/v1/subscriptions/'))).toBe(true)
    expect((await systemMessages(r.id, host.id)).some((m) => m.includes('refunded in full'))).toBe(true)
    expect((await ctx.server.http('GET', `/api/storages/${listing.id}`, { token: r.token })).body.address.street).toBe('')
  })

  it('a subscription whose invoices carry no payment_intent (newer API versions) is refunded through its invoice payments', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id })
    await act(ctx, host.token, body.id, 'accept')
    await pay(ctx, r.token, body.id)
    const paid = await bookingRow(ctx, body.id)
    await ctx.server.database.db.update(bookings).set({ paymentIntentId: null }).where(eq(bookings.id, body.id))
    const before = ctx.stripe.requests.length
    expect((await act(ctx, r.token, body.id, 'cancel')).body).toMatchObject({ state: 'cancelled', refundedCents: 13_200 })
    const refund = ctx.stripe.requests.slice(before).find((q) => q.path === '/v1/refunds')!
    expect(refund.params.payment_intent).toBe(paid.paymentIntentId)
  })

  it('within 24 h of the start: no refund, the monthly stay ends at the close of the paid period', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(0) })
    await act(ctx, host.token, body.id, 'accept')
    await pay(ctx, r.token, body.id)
    // Paid for a start today: the booking is running already (confirmed → active on read).
    const res = await act(ctx, r.token, body.id, 'end')
    expect(res.status).toBe(200)
    const row = await bookingRow(ctx, body.id)
    expect(row).toMatchObject({ state: 'active', refundedCents: 0, endDate: row.paidThrough })
    // Its payment schedule lets go (Stripe refuses a cancel date on a scheduled subscription); nothing more is
    // charged before the second payment day, and the subscription ends after the paid period.
    const sub = ctx.stripe.checkout.subscriptions.get(row.subscriptionId!)!
    expect(sub.schedule).toBeNull()
    expect([...ctx.stripe.checkout.schedules.values()].find((s) => s.released_subscription === row.subscriptionId)?.status).toBe('released')
    expect(sub.trial_end).toBe(unix(addMonths(day(0), 1)))
    expect(sub.cancel_at).toBe(unix(addDays(row.paidThrough!, 1)))
    expect((await act(ctx, r.token, body.id, 'end')).status).toBe(409)
  })

  it('a host ending a running rental gives 30 days notice', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(0) })
    await act(ctx, host.token, body.id, 'accept')
    await pay(ctx, r.token, body.id)
    expect((await act(ctx, host.token, body.id, 'end')).body).toMatchObject({ state: 'active', endDate: day(30) })
  })
})

describe('offers', () => {
  it('offer → counter once → the renter accepts: an accepted booking at the counter price', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const offer = await request(ctx, r.token, { storageId: listing.id, offerCents: 9_000 })
    expect(offer.body).toMatchObject({ state: 'offered', offerCents: 9_000, quote: { monthlyCents: 9_000 } })
    const list = await ctx.server.http('GET', '/api/offers', { token: host.token })
    expect(list.body.asHost.map((o: { id: string }) => o.id)).toContain(offer.body.id)
    expect((await act(ctx, host.token, offer.body.id, 'counter', { counterCents: 13_000 })).body.field).toBe('counterCents')
    const countered = await act(ctx, host.token, offer.body.id, 'counter', { counterCents: 10_500 })
    expect(countered.body).toMatchObject({ state: 'countered', counterCents: 10_500, actions: [] })
    // The counter is the price on the table: both sides' cards read its figures before anyone accepts.
    for (const token of [host.token, r.token])
      expect((await ctx.server.http('GET', `/api/bookings/${offer.body.id}`, { token })).body.quote).toMatchObject({
        monthlyCents: 10_500,
        firstPaymentCents: 11_550,
      })
    expect((await act(ctx, host.token, offer.body.id, 'counter', { counterCents: 10_000 })).status).toBe(409)
    expect((await act(ctx, host.token, offer.body.id, 'accept')).status).toBe(409)
    const accepted = await act(ctx, r.token, offer.body.id, 'accept')
    expect(accepted.body).toMatchObject({ state: 'accepted', quote: { monthlyCents: 10_500, firstPaymentCents: 11_550 } })
    expect((await systemMessages(r.id, host.id)).some((m) => m.startsWith('The host countered'))).toBe(true)
  })

  it('the host accepts an offer at the offered price, or declines it', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const a = await request(ctx, r.token, { storageId: listing.id, offerCents: 10_000, startDate: day(10), endDate: day(60) })
    expect((await act(ctx, host.token, a.body.id, 'accept')).body).toMatchObject({ state: 'accepted', quote: { monthlyCents: 10_000 } })
    const b = await request(ctx, r.token, { storageId: listing.id, offerCents: 5_000, startDate: day(100) })
    expect((await act(ctx, host.token, b.body.id, 'decline')).body.state).toBe('declined')
  })
})
