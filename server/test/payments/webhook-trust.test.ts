// @module-tag postgres — booking confirmation in a transaction against the stored quote
// Which secret vouches for which Stripe event, and which payment confirms a booking: a booking event signed
// with the Connect endpoint's secret changes nothing, and a checkout (or a renewal's invoice) that paid
// another amount or currency than the quote is logged and not applied (the ledger stays untouched).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerEntries } from '../../src/db/schema/ledger'
import { startStripeStandIn } from '../../src/modules/payments/stand-in/stripe-stand-in'
import { startTestServer } from '../helpers'
import { act, bookingRow, deliver, hostWithListing, pay, renter, request, SECRET, type Ctx } from '../bookings/helpers'

const CONNECT_SECRET = 'whsec_trust_connect_endpoint'
let ctx: Ctx
beforeAll(async () => {
  const stripe = await startStripeStandIn()
  const server = await startTestServer({
    stripeSecretKey: 'sk_test_nookshare',
    stripeApiUrl: stripe.url,
    stripeWebhookSecret: SECRET,
    stripeConnectWebhookSecret: CONNECT_SECRET,
  })
  ctx = { server, stripe }
}, 240_000)
afterAll(async () => {
  await ctx.server.close()
  await ctx.stripe.close()
})

async function acceptedBooking() {
  const { host, listing, accountId } = await hostWithListing(ctx, { priceCents: 2_000 })
  const r = await renter(ctx)
  const booking = (await request(ctx, r.token, { storageId: listing.id })).body
  expect((await act(ctx, host.token, booking.id, 'accept')).status).toBe(200)
  const checkout = await act(ctx, r.token, booking.id, 'checkout')
  expect(checkout.status).toBe(200)
  return { booking, accountId: accountId!, sessionId: checkout.body.sessionId as string }
}
const ledgerOf = (bookingId: string) => ctx.server.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, bookingId))

describe('POST /api/stripe/webhook: who may confirm a booking', () => {
  it('booking, charge and refund events signed with the Connect secret change nothing; the platform secret then confirms', async () => {
    const { booking, sessionId } = await acceptedBooking()
    const { events } = ctx.stripe.checkout.complete(sessionId)!
    expect(events.map((e) => e.type)).toContain('checkout.session.completed')
    for (const e of events) {
      const res = await deliver(ctx, e, CONNECT_SECRET)
      expect(res.status).toBe(200)
      expect(res.body.result).toBe('ignored-connect-secret')
    }
    expect(await bookingRow(ctx, booking.id)).toMatchObject({ state: 'accepted', paidCents: 0 })
    expect(await ledgerOf(booking.id)).toEqual([])
    // The same events from the platform endpoint are new to us (nothing was recorded) and confirm it.
    for (const e of events) expect((await deliver(ctx, e)).status).toBe(200)
    const row = await bookingRow(ctx, booking.id)
    expect(row).toMatchObject({ state: 'confirmed', paidCents: row.quote.firstPaymentCents })
  })

  it('a forged session with account set, 1 cent in USD, signed with the Connect secret, confirms nothing', async () => {
    const { booking, accountId } = await acceptedBooking()
    const forged = {
      id: `evt_forged_${booking.id}`,
      object: 'event',
      type: 'checkout.session.completed',
      account: accountId,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: { id: 'cs_forged', object: 'checkout.session', amount_total: 1, currency: 'usd', payment_status: 'paid', metadata: { bookingId: booking.id } },
      },
    }
    const res = await deliver(ctx, forged, CONNECT_SECRET)
    expect(res.status).toBe(200)
    expect(await bookingRow(ctx, booking.id)).toMatchObject({ state: 'accepted', paidCents: 0, confirmedAt: null })
  })

  it('a platform-signed session whose amount or currency differs from the quote is not applied', async () => {
    const { booking } = await acceptedBooking()
    const quoted = (await bookingRow(ctx, booking.id)).quote.firstPaymentCents
    const session = (amount_total: number, currency: string, n: string) => ({
      id: `evt_mismatch_${n}_${booking.id}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: { object: { id: `cs_${n}`, object: 'checkout.session', amount_total, currency, payment_status: 'paid', metadata: { bookingId: booking.id } } },
    })
    for (const [amount, currency, n] of [
      [1, 'cad', 'amount'],
      [quoted, 'usd', 'currency'],
    ] as const) {
      const res = await deliver(ctx, session(amount, currency, n))
      expect(res.status).toBe(200)
      expect(res.body.result).toBe('amount-mismatch')
    }
    expect(await bookingRow(ctx, booking.id)).toMatchObject({ state: 'accepted', paidCents: 0, confirmedAt: null })
    expect(await ledgerOf(booking.id)).toEqual([])
    expect((await deliver(ctx, session(quoted, 'cad', 'right'))).body.result).toBe('confirmed')
  })
})

describe("POST /api/stripe/webhook: a renewal's invoice.paid", () => {
  it('pays a period only for the amount and currency the schedule charges next', async () => {
    const { host, listing } = await hostWithListing(ctx, { priceCents: 2_000 })
    const r = await renter(ctx)
    const booking = (await request(ctx, r.token, { storageId: listing.id })).body
    expect((await act(ctx, host.token, booking.id, 'accept')).status).toBe(200)
    await pay(ctx, r.token, booking.id)
    const paid = await bookingRow(ctx, booking.id)
    expect(paid.state).toMatch(/confirmed|active/)
    const renewal = (amount_paid: number, currency: string, n: string) => ({
      id: `evt_renewal_${n}_${booking.id}`,
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      data: {
        object: { id: `in_${n}`, object: 'invoice', billing_reason: 'subscription_cycle', subscription: paid.subscriptionId, amount_paid, currency },
      },
    })
    const monthly = paid.quote.recurringCents
    for (const [amount, currency, n] of [
      [1, 'cad', 'cent'],
      [monthly * 12, 'cad', 'year'],
      [monthly, 'usd', 'usd'],
    ] as const) {
      const res = await deliver(ctx, renewal(amount, currency, n))
      expect(res.status).toBe(200)
      expect(res.body.result).toBe('amount-mismatch')
    }
    expect(await bookingRow(ctx, booking.id)).toMatchObject({ paidCents: paid.paidCents, paidThrough: paid.paidThrough })
    // Stripe's own renewal, for the scheduled amount in the listing's currency, pays the next month.
    const events = ctx.stripe.checkout.renew(paid.subscriptionId!)!
    expect(
      (
        await deliver(
          ctx,
          events.find((e) => e.type === 'invoice.paid')!,
        )
      ).body.result,
    ).toBe('renewed')
    const renewed = await bookingRow(ctx, booking.id)
    expect(renewed.paidCents).toBe(paid.paidCents + monthly)
    expect(renewed.paidThrough! > paid.paidThrough!).toBe(true)
  })
})
