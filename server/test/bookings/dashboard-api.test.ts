// @module-tag postgres — dashboard figures from raw SQL aggregates
// GET /api/dashboard/host and /api/dashboard/storee: only the signed-in user's figures; money figures are
// the ledger's sums per currency (a host earns the transfers to their account less reversals, in the month
// each happened), never a booking's running totals.
import { describe, expect, it } from 'vitest'
import { and, eq, sql } from 'drizzle-orm'
import { bookings } from '../../src/db/schema/bookings'
import { ledgerEntries } from '../../src/db/schema/ledger'
import { dayStartUnix } from '../../src/modules/bookings/service/schedule-params'
import { addDays, addMonths, paidThroughAfter, quote, startOf } from '../../src/modules/bookings/service/transitions'
import { feeAtPercent, paymentFeePercent } from '../../src/modules/money/service/fees'
import { createListing } from '../storage-fixtures'
import { act, bookingRow, day, deliver, hostWithListing, renter, request, ctx, useBookingsServer, type Ctx } from './helpers'
import { deliverAll, deliverPending, payAt, refundAtStandIn, rowsOfBooking } from './ledger-helpers'

useBookingsServer()

const month = (offset: number) => {
  const now = new Date()
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 15, 12))
}

/** A paid monthly booking of a 120 $ listing: the renter pays 132 $, the host earns 120 $ (its money dated `at`). */
async function paidBooking(c: Ctx, host: { token: string }, listingId: string, startIn = 10, at?: Date) {
  const r = await renter(c)
  const { body } = await request(c, r.token, { storageId: listingId, startDate: day(startIn) })
  expect((await act(c, host.token, body.id, 'accept')).status).toBe(200)
  await payAt(c, r.token, body.id, at)
  return { renter: r, id: body.id as string }
}

/** The host's earnings per currency summed straight from the ledger's rows (SQL), to hold the dashboard to. */
async function ledgerSums(hostId: string) {
  const { rows } = (await ctx.server.database.db.execute(
    sql`select currency, sum(case kind when 'transfer' then amount_cents when 'transfer_reversal' then -amount_cents else 0 end)::int as earned,
               sum(case kind when 'payout' then amount_cents else 0 end)::int as paid_out
        from ledger_entries where host_id = ${hostId} group by currency order by currency`,
  )) as unknown as { rows: { currency: string; earned: number; paid_out: number }[] }
  return rows
}

describe('GET /api/dashboard/host', () => {
  it('needs a signed-in user', async () => {
    expect((await ctx.server.http('GET', '/api/dashboard/host')).status).toBe(401)
    expect((await ctx.server.http('GET', '/api/dashboard/storee')).status).toBe(401)
  })

  it('shows only the owner’s earnings, rentals and listings; the figures are the ledger’s sums, per currency', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const other = await hostWithListing(ctx)
    // Booking a was paid two months ago and renewed last month (its money dated so); b this month, then
    // refunded in full by the host.
    const a = await paidBooking(ctx, host, listing.id, 10, month(-2))
    await deliverAll(ctx, ctx.stripe.checkout.renew((await bookingRow(ctx, a.id)).subscriptionId!)!, month(-1))
    const second = await createListing(ctx.server, host.token, { priceCents: 12_000 })
    const b = await paidBooking(ctx, host, second.id, 60)
    expect((await act(ctx, host.token, b.id, 'cancel')).status).toBe(200)
    await deliverPending(ctx)
    await paidBooking(ctx, other.host, other.listing.id)
    // One waiting request, which is not a rental (before a's stay: a holds every day from its start).
    const waiting = await request(ctx, (await renter(ctx)).token, { storageId: listing.id, startDate: day(2), endDate: day(5) })
    expect(waiting.status).toBe(201)
    const rowA = await bookingRow(ctx, a.id)

    const res = await ctx.server.http('GET', '/api/dashboard/host', { token: host.token })
    expect(res.status).toBe(200)
    const d = res.body
    expect(d.currency).toBe('CAD')
    expect(d.earnings).toHaveLength(1)
    const cad = d.earnings[0]
    expect(cad.months).toHaveLength(12)
    const byMonth = Object.fromEntries(cad.months.map((m: any) => [m.month, m.cents]))
    const key = (offset: number) => month(offset).toISOString().slice(0, 7)
    // Each payment of 13 200 is 12 000 of rent and 1 200 of service fee: the host earns the rent.
    expect(byMonth[key(-2)]).toBe(12_000)
    expect(byMonth[key(-1)]).toBe(12_000)
    // b: paid and refunded this month, earns nothing.
    expect(cad.thisMonthCents).toBe(0)
    expect(byMonth[key(0)]).toBe(0)
    expect(cad.totalCents).toBe(24_000)
    expect(cad.months.reduce((n: number, m: any) => n + m.cents, 0)).toBe(24_000)
    // Nothing paid out yet: the next payout is all of it.
    expect(cad.nextPayoutCents).toBe(24_000)
    expect(await ledgerSums(host.id)).toEqual([{ currency: 'CAD', earned: cad.totalCents, paid_out: 0 }])
    expect(d.nextPayoutDate).toBe(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() + 1, 1)).toISOString().slice(0, 10))

    // Rentals: a only (b is cancelled, the request is waiting, the other host's booking is not here).
    expect(d.rentals.map((r: any) => r.bookingId)).toEqual([a.id])
    expect(d.rentals[0]).toMatchObject({ phase: 'upcoming', renter: { firstName: 'Rita' }, startDate: day(10), currency: 'CAD' })
    expect(d.rentals[0].nextPayment).toEqual({ date: addDays(rowA.paidThrough!, 1), cents: 12_000 })
    expect(d.listings).toHaveLength(2)
    expect(d.listings).toContainEqual(expect.objectContaining({ id: listing.id, status: 'active', requests: 2, openRequests: 1 }))
    expect(d.listings).toContainEqual(expect.objectContaining({ id: second.id, requests: 1, openRequests: 0 }))
    // Views: opened by others (signed in or not) count; the host opening their own listing does not.
    const viewsOf = async (id: string) =>
      ((await ctx.server.http('GET', '/api/dashboard/host', { token: host.token })).body.listings as any[]).find((l) => l.id === id).views as number
    const before = await viewsOf(second.id)
    await ctx.server.http('GET', `/api/storages/${second.id}`)
    await ctx.server.http('GET', `/api/storages/${second.id}`, { token: other.host.token })
    await ctx.server.http('GET', `/api/storages/${second.id}`, { token: host.token })
    expect(await viewsOf(second.id)).toBe(before + 2)

    // The other host sees only their own booking's figures.
    const theirs = (await ctx.server.http('GET', '/api/dashboard/host', { token: other.host.token })).body
    expect(theirs.earnings).toEqual([expect.objectContaining({ currency: 'CAD', totalCents: 12_000, thisMonthCents: 12_000, nextPayoutCents: 12_000 })])
    expect(theirs.listings.map((l: any) => l.id)).toEqual([other.listing.id])
    expect(theirs.rentals).toHaveLength(1)
  })

  it('a stay ending inside its last month: the rental’s next payment, “This month” and the chart are one figure, pro-rated', async () => {
    const { host, listing, accountId } = await hostWithListing(ctx)
    // Move the stay a month back: it started last month, its second period starts today (or earlier this
    // month) and the stay ends 10 days after that, so the second period is used for 10 days only. It was
    // paid two days before its start.
    const today = day(0)
    const start = addMonths(today, -1)
    const renewalDay = addMonths(start, 1)
    const endDate = addDays(renewalDay, 9)
    const paidAt = new Date(startOf(start).getTime() - 2 * 86_400_000)
    const { renter: r, id } = await paidBooking(ctx, host, listing.id, 3, paidAt)
    const db = ctx.server.database.db
    // The stay's price as it would have been quoted for those dates: its schedule ends with a pro-rated payment.
    const stored = (await bookingRow(ctx, id)).quote
    const requote = quote({
      monthlyCents: stored.monthlyCents,
      startDate: start,
      endDate,
      protection: stored.protectionCents > 0,
      platformFeePercent: stored.platformFeePercent,
    })
    await db
      .update(bookings)
      .set({
        startDate: start,
        endDate,
        quote: requote,
        paidThrough: paidThroughAfter(start, 1),
        confirmedAt: paidAt,
      })
      .where(eq(bookings.id, id))
    const thisMonth = today.slice(0, 7)
    expect(renewalDay.slice(0, 7)).toBe(thisMonth)

    const before = (await ctx.server.http('GET', '/api/dashboard/host', { token: host.token })).body
    const forecast = before.rentals.find((x: any) => x.bookingId === id).nextPayment
    expect(forecast.date).toBe(renewalDay)
    const charge = (await ctx.server.http('GET', '/api/dashboard/storee', { token: r.token })).body.bookings.find((x: any) => x.bookingId === id).nextPayment
    expect(charge.date).toBe(renewalDay)
    // Stripe charges the schedule's last payment (its own phase): 10 days of a month, counted as 30 days.
    const stripeCharge = requote.payments.at(-1)!.cents
    expect(stripeCharge).toBe(Math.round((13_200 * 10) / 30))
    const subscription = (await bookingRow(ctx, id)).subscriptionId
    const event = (type: string, object: object) => ({
      id: `evt_${type}_${id}`,
      object: 'event',
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object },
    })
    const invoice = {
      id: `in_partial_${id}`,
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      subscription,
      payment_intent: 'pi_partial',
      amount_paid: stripeCharge,
      currency: 'cad',
      lines: { data: [{ period: { start: dayStartUnix(renewalDay) } }] },
    }
    const renewal = await deliver(ctx, event('invoice.paid', invoice))
    expect(renewal.body.result).toBe('renewed')
    // Its money: the charge (the invoice's), and the transfer of what is left after the last phase's fee percent.
    const fee = feeAtPercent(stripeCharge, paymentFeePercent(requote.payments.at(-1)!))
    const chargeId = `ch_partial_${id}`
    const at = Math.floor(startOf(renewalDay).getTime() / 1000)
    await deliverAll(ctx, [
      event('charge.succeeded', {
        id: chargeId,
        object: 'charge',
        amount: stripeCharge,
        currency: 'cad',
        invoice,
        payment_intent: 'pi_partial',
        metadata: {},
        created: at,
      }),
      event('transfer.created', {
        id: `tr_partial_${id}`,
        object: 'transfer',
        amount: stripeCharge - fee,
        currency: 'cad',
        destination: accountId,
        source_transaction: chargeId,
        created: at,
      }),
    ])
    const payment = (await rowsOfBooking(ctx, id)).find((x) => x.stripeObjectId === chargeId)!
    expect([payment.periodStart, payment.periodEnd, payment.amountCents]).toEqual([renewalDay, endDate, stripeCharge])

    const after = (await ctx.server.http('GET', '/api/dashboard/host', { token: host.token })).body
    const [cad] = after.earnings
    const byMonth = Object.fromEntries(cad.months.map((m: any) => [m.month, m.cents]))
    expect(cad.thisMonthCents).toBe(forecast.cents)
    expect(byMonth[thisMonth]).toBe(forecast.cents)
    // 10 days of a 28 to 31 day period: less than a full month (120 $ to the host, 132 $ from the renter).
    expect(forecast.cents).toBeGreaterThan(3_000)
    expect(forecast.cents).toBeLessThan(12_000)
    // The renter was told that amount, and the host what they keep of it.
    expect(charge.cents).toBe(stripeCharge)
    expect(forecast.cents).toBe(stripeCharge - Math.round((stripeCharge * 1_200) / 13_200))
    // The first month stays in the month it was paid, whole.
    expect(byMonth[paidAt.toISOString().slice(0, 7)]).toBe(12_000)
    expect(cad.totalCents).toBe(12_000 + forecast.cents)
    expect(await ledgerSums(host.id)).toEqual([{ currency: 'CAD', earned: cad.totalCents, paid_out: 0 }])
    // Paid through the end: nothing more is due.
    expect(after.rentals.find((x: any) => x.bookingId === id).nextPayment).toBeNull()
  })

  it('a host earning in two currencies sees one block per currency, never a sum across them', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const usd = await createListing(ctx.server, host.token, { priceCents: 10_000, currency: 'USD' })
    await paidBooking(ctx, host, listing.id)
    await paidBooking(ctx, host, usd.id)
    const d = (await ctx.server.http('GET', '/api/dashboard/host', { token: host.token })).body
    expect(d.earnings.map((e: any) => [e.currency, e.thisMonthCents, e.totalCents, e.nextPayoutCents])).toEqual([
      ['CAD', 12_000, 12_000, 12_000],
      ['USD', 10_000, 10_000, 10_000],
    ])
    expect(d.currency).toBe('CAD')
    expect(await ledgerSums(host.id)).toEqual(d.earnings.map((e: any) => ({ currency: e.currency, earned: e.totalCents, paid_out: 0 })))
    // Each rental's next payment is in its own currency.
    expect(d.rentals.map((x: any) => x.currency).sort()).toEqual(['CAD', 'USD'])
  })

  it('a new host sees no earnings and no rows', async () => {
    const r = await renter(ctx)
    const d = (await ctx.server.http('GET', '/api/dashboard/host', { token: r.token })).body
    expect(d).toMatchObject({ rentals: [], listings: [], earnings: [] })
  })
})

describe('GET /api/dashboard/storee', () => {
  it('shows the renter’s bookings with the address once paid, payments made and the next payment; nobody else’s', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const r = await renter(ctx)
    const { body: req } = await request(ctx, r.token, { storageId: listing.id, startDate: day(20) })
    // Accepted, not paid: no address yet.
    await act(ctx, host.token, req.id, 'accept')
    let d = (await ctx.server.http('GET', '/api/dashboard/storee', { token: r.token })).body
    expect(d.bookings).toEqual([expect.objectContaining({ bookingId: req.id, phase: 'awaiting-payment', address: null, access: null })])
    expect(d.bookings[0].nextPayment.cents).toBe(13_200)
    await payAt(ctx, r.token, req.id)
    d = (await ctx.server.http('GET', '/api/dashboard/storee', { token: r.token })).body
    const row = await bookingRow(ctx, req.id)
    expect(d.bookings[0]).toMatchObject({ phase: 'upcoming', paidCents: 13_200, host: { firstName: 'Hana' } })
    expect(d.bookings[0].address.street).not.toBe('')
    expect(d.bookings[0].access).toEqual(expect.objectContaining({ method: expect.any(String) }))
    expect(d.bookings[0].nextPayment).toEqual({ date: addDays(row.paidThrough!, 1), cents: 13_200 })
    // The payment is the ledger's row: its id is the receipt's.
    const [ledgerPayment] = await ctx.server.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, req.id), eq(ledgerEntries.kind, 'payment')))
    expect(d.payments).toEqual([
      { receiptId: ledgerPayment!.id, kind: 'payment', bookingId: req.id, storageTitle: expect.any(String), date: day(0), cents: 13_200, currency: 'CAD' },
    ])
    // A refund is its own row, negative, and the booking's paid and refunded figures follow the ledger.
    await refundAtStandIn(ctx, row.paymentIntentId!, 3_200)
    await deliverPending(ctx)
    d = (await ctx.server.http('GET', '/api/dashboard/storee', { token: r.token })).body
    expect(d.payments.map((p: any) => [p.kind, p.cents])).toEqual([
      ['refund', -3_200],
      ['payment', 13_200],
    ])
    expect(d.bookings[0]).toMatchObject({ paidCents: 13_200, refundedCents: 3_200 })
    // The host is not this booking's renter.
    const hostView = (await ctx.server.http('GET', '/api/dashboard/storee', { token: host.token })).body
    expect(hostView).toEqual({ bookings: [], payments: [] })
  })
})
