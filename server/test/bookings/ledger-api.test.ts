// @module-tag postgres — ledger rows (append-only by a trigger) and their sums
// The money ledger over HTTP: verified Stripe events (as the stand-in makes them for a destination charge
// with an application fee) become one row per Stripe object; replays and re-ordered events end in the
// same rows; the table refuses UPDATE and DELETE; and the dashboards' figures are the ledger's sums.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ledgerEntries } from '../../src/db/schema/ledger'
import { addDays, addMonths } from '../../src/modules/bookings/service/calendar'
import { MONEY_EVENT_TYPES } from '../../src/modules/money/service/ledger-events'
import { act, bookingRow, day, deliver, hostWithListing, renter, request, ctx, useBookingsServer } from './helpers'
import { checkoutEvents, deliverAll, deliverPending, ledgerRows, payAt, refundAtStandIn, rowsOfBooking } from './ledger-helpers'

useBookingsServer()

/** An accepted booking: a short stay (3 days: 12 $ rent + 1.20 $ fee) or a monthly one (120 $ + 12 $). */
async function accepted(opts: { short?: boolean; priceCents?: number; currency?: 'CAD' | 'USD' } = {}) {
  const h = await hostWithListing(ctx, { priceCents: opts.priceCents })
  const r = await renter(ctx)
  const dates = opts.short ? { startDate: day(5), endDate: day(7) } : { startDate: day(10) }
  const { body } = await request(ctx, r.token, { storageId: h.listing.id, ...dates })
  expect((await act(ctx, h.host.token, body.id, 'accept')).status).toBe(200)
  return { ...h, renter: r, id: body.id as string }
}

const kinds = (rows: { kind: string; amountCents: number }[]) => rows.map((r) => `${r.kind} ${r.amountCents}`).sort()

describe('Stripe events → ledger rows', () => {
  it('a one-off payment writes the charge, the platform’s fee and the host’s transfer, with the period and breakdown', async () => {
    const b = await accepted({ short: true })
    await payAt(ctx, b.renter.token, b.id)
    const rows = await rowsOfBooking(ctx, b.id)
    expect(kinds(rows)).toEqual(['application_fee 120', 'payment 1320', 'transfer 1200'])
    const payment = rows.find((r) => r.kind === 'payment')!
    expect(payment).toMatchObject({
      currency: 'CAD',
      hostId: b.host.id,
      renterId: b.renter.id,
      chargeId: payment.stripeObjectId,
      periodStart: day(5),
      periodEnd: day(7),
      breakdown: { rentCents: 1_200, serviceFeeCents: 120, protectionCents: 0 },
    })
    // Every row names the charge it belongs to and the host.
    expect(new Set(rows.map((r) => r.chargeId))).toEqual(new Set([payment.chargeId]))
    expect(rows.every((r) => r.hostId === b.host.id)).toBe(true)
  })

  it('a monthly stay: the checkout’s invoice and each renewal are payments, each for its own period', async () => {
    const b = await accepted()
    await payAt(ctx, b.renter.token, b.id)
    const subscription = (await bookingRow(ctx, b.id)).subscriptionId!
    const renewal = ctx.stripe.checkout.renew(subscription)!
    expect(renewal.map((e) => e.type)).toEqual(['invoice.paid', 'charge.succeeded', 'application_fee.created', 'transfer.created'])
    await deliverAll(ctx, renewal)
    const payments = (await rowsOfBooking(ctx, b.id)).filter((r) => r.kind === 'payment')
    const start = day(10)
    // The renewal pays the month after the first: from start + 1 month.
    const second = addMonths(start, 1)
    expect(payments.map((p) => [p.amountCents, p.periodStart, p.periodEnd, p.invoiceId !== null])).toEqual([
      [13_200, start, addDays(second, -1), true],
      [13_200, second, addDays(addMonths(start, 2), -1), true],
    ])
    expect(kinds((await rowsOfBooking(ctx, b.id)).filter((r) => r.kind === 'transfer'))).toEqual(['transfer 12000', 'transfer 12000'])
  })

  it('a subscription’s charge without an invoice field (newer API versions), arriving first, is tied to its booking through the invoice’s payments', async () => {
    const b = await accepted()
    const events = await checkoutEvents(ctx, b.renter.token, b.id)
    const charge = events.find((e) => e.type === 'charge.succeeded')!
    delete charge.data.object.invoice
    // The charge before the checkout's own events: the booking knows no payment intent yet.
    await deliverAll(ctx, [charge, ...events.filter((e) => e !== charge)])
    const payment = (await rowsOfBooking(ctx, b.id)).find((r) => r.kind === 'payment')!
    expect(payment).toMatchObject({ renterId: b.renter.id, hostId: b.host.id, amountCents: 13_200, periodStart: day(10) })
    expect(payment.invoiceId).toMatch(/^in_/)
  })

  it('refunds: one row per refund (partial ones too), with the fee refunded and the transfer reversed in proportion', async () => {
    const b = await accepted({ short: true })
    await payAt(ctx, b.renter.token, b.id)
    const pi = (await bookingRow(ctx, b.id)).paymentIntentId!
    await refundAtStandIn(ctx, pi, 660)
    await deliverPending(ctx)
    await refundAtStandIn(ctx, pi, 330)
    const second = await deliverPending(ctx)
    // The second charge.refunded lists both refunds: the first is not written again.
    expect(second[0]!.data.object.refunds.data).toHaveLength(2)
    const rows = await rowsOfBooking(ctx, b.id)
    expect(kinds(rows.filter((r) => r.kind !== 'payment' && r.kind !== 'application_fee' && r.kind !== 'transfer'))).toEqual([
      'application_fee_refund 30',
      'application_fee_refund 60',
      'refund 330',
      'refund 660',
      'transfer_reversal 300',
      'transfer_reversal 600',
    ])
    expect(rows.filter((r) => r.kind === 'refund').every((r) => r.renterId === b.renter.id && r.chargeId === rows[0]!.chargeId)).toBe(true)
  })

  it('the host cancelling a paid booking refunds in full through Stripe: the events write the refund rows', async () => {
    const b = await accepted({ short: true })
    await payAt(ctx, b.renter.token, b.id)
    expect((await act(ctx, b.host.token, b.id, 'cancel')).status).toBe(200)
    await deliverPending(ctx)
    const rows = await rowsOfBooking(ctx, b.id)
    expect(kinds(rows)).toEqual(['application_fee 120', 'application_fee_refund 120', 'payment 1320', 'refund 1320', 'transfer 1200', 'transfer_reversal 1200'])
    const host = (await ctx.server.http('GET', '/api/dashboard/host', { token: b.host.token })).body
    expect(host.earnings).toEqual([expect.objectContaining({ currency: 'CAD', totalCents: 0, thisMonthCents: 0, nextPayoutCents: 0 })])
  })

  it('a payout (a Connect event for the host’s account) is recorded for that host; the next payout is then what is left', async () => {
    const b = await accepted({ short: true })
    await payAt(ctx, b.renter.token, b.id)
    const dashboard = async () => (await ctx.server.http('GET', '/api/dashboard/host', { token: b.host.token })).body.earnings[0]
    expect((await dashboard()).nextPayoutCents).toBe(1_200)
    const payouts = ctx.stripe.checkout.money.payoutRun({ account: b.accountId! })
    expect(payouts.map((e) => [e.type, e.account, e.data.object.amount])).toEqual([['payout.paid', b.accountId, 1_200]])
    await deliverAll(ctx, payouts)
    const [row] = await ledgerRows(ctx, eq(ledgerEntries.kind, 'payout'), eq(ledgerEntries.hostId, b.host.id))
    expect(row).toMatchObject({ amountCents: 1_200, currency: 'CAD', bookingId: null })
    expect(await dashboard()).toMatchObject({ totalCents: 1_200, nextPayoutCents: 0 })
    // Nothing left to pay out: the next run makes no payout.
    expect(ctx.stripe.checkout.money.payoutRun({ account: b.accountId! })).toEqual([])
  })

  it('a dispute and its close are rows of the charge’s booking', async () => {
    const b = await accepted({ short: true })
    await payAt(ctx, b.renter.token, b.id)
    const charge = (await rowsOfBooking(ctx, b.id)).find((r) => r.kind === 'payment')!
    const dispute = {
      id: `dp_${b.id}`,
      object: 'dispute',
      amount: 1_320,
      currency: 'cad',
      charge: charge.chargeId,
      reason: 'fraudulent',
      status: 'needs_response',
      created: 1_790_000_000,
    }
    const event = (type: string, object: object) => ({ id: `evt_${type}_${b.id}`, object: 'event', type, created: 1_790_000_100, data: { object } })
    await deliverAll(ctx, [event('charge.dispute.created', dispute), event('charge.dispute.closed', { ...dispute, status: 'lost' })])
    const rows = (await rowsOfBooking(ctx, b.id)).filter((r) => r.kind.startsWith('dispute'))
    expect(rows.map((r) => [r.kind, r.amountCents, r.currency, r.renterId, (r.details as { status: string }).status])).toEqual([
      ['dispute', 1_320, 'CAD', b.renter.id, 'needs_response'],
      ['dispute_closed', 1_320, 'CAD', b.renter.id, 'lost'],
    ])
  })

  it('a forged event writes nothing', async () => {
    const b = await accepted({ short: true })
    const events = await checkoutEvents(ctx, b.renter.token, b.id)
    for (const e of events) expect((await deliver(ctx, e, 'whsec_forged')).status).toBe(400)
    expect(await rowsOfBooking(ctx, b.id)).toEqual([])
  })
})

describe('replays and order', () => {
  it('replaying every event (new ids too) changes nothing', async () => {
    const b = await accepted()
    const paid = await payAt(ctx, b.renter.token, b.id)
    const sub = (await bookingRow(ctx, b.id)).subscriptionId!
    const renewal = ctx.stripe.checkout.renew(sub)!
    await deliverAll(ctx, renewal)
    await refundAtStandIn(ctx, (await bookingRow(ctx, b.id)).paymentIntentId!, 1_000)
    const refunds = await deliverPending(ctx)
    const payouts = ctx.stripe.checkout.money.payoutRun({ account: b.accountId! })
    await deliverAll(ctx, payouts)
    const all = [...paid, ...renewal, ...refunds, ...payouts]
    const count = async () =>
      ((await ctx.server.database.db.execute(sql`select count(*)::int as n from ledger_entries`)) as unknown as { rows: { n: number }[] }).rows[0]!.n
    const before = {
      rows: await rowsOfBooking(ctx, b.id),
      n: await count(),
      host: (await ctx.server.http('GET', '/api/dashboard/host', { token: b.host.token })).body,
    }
    await deliverAll(ctx, all)
    // The same money under new event ids (Stripe resends an object in later events): still one row per object.
    await deliverAll(
      ctx,
      all.filter((e) => MONEY_EVENT_TYPES.has(e.type)).map((e) => ({ ...e, id: `${e.id}_again` })),
    )
    expect(await count()).toBe(before.n)
    expect(await rowsOfBooking(ctx, b.id)).toEqual(before.rows)
    expect((await ctx.server.http('GET', '/api/dashboard/host', { token: b.host.token })).body.earnings).toEqual(before.host.earnings)
    // 2 × 12 000 transferred, 1 000 of 13 200 refunded (its transfer share 909), 24 000 − 909 paid out before the replay.
    expect(before.host.earnings[0]).toMatchObject({ totalCents: 24_000 - 909, nextPayoutCents: 0 })
  })

  it('a refund that arrives before its charge ends in the same rows and figures as in order', async () => {
    const inOrder = await accepted({ short: true })
    await payAt(ctx, inOrder.renter.token, inOrder.id)
    await refundAtStandIn(ctx, (await bookingRow(ctx, inOrder.id)).paymentIntentId!, 660)
    await deliverPending(ctx)

    const late = await accepted({ short: true })
    const events = await checkoutEvents(ctx, late.renter.token, late.id)
    const [completed, ...money] = events
    await deliverAll(ctx, [completed!])
    await refundAtStandIn(ctx, (await bookingRow(ctx, late.id)).paymentIntentId!, 660)
    // The refund's three events first, then the charge's.
    await deliverPending(ctx)
    await deliverAll(ctx, money)

    const shape = (rows: Awaited<ReturnType<typeof rowsOfBooking>>, b: typeof inOrder) =>
      rows
        .map((r) => ({
          kind: r.kind,
          amount: r.amountCents,
          booking: r.bookingId === b.id,
          host: r.hostId === b.host.id,
          renter: r.renterId === b.renter.id || r.renterId === null,
          charged: !!r.chargeId,
        }))
        .sort((x, y) => `${x.kind}${x.amount}`.localeCompare(`${y.kind}${y.amount}`))
    expect(shape(await rowsOfBooking(ctx, late.id), late)).toEqual(shape(await rowsOfBooking(ctx, inOrder.id), inOrder))
    const refund = (await rowsOfBooking(ctx, late.id)).find((r) => r.kind === 'refund')!
    expect(refund.renterId).toBe(late.renter.id)
    const figures = async (b: typeof inOrder) => ({
      host: (await ctx.server.http('GET', '/api/dashboard/host', { token: b.host.token })).body.earnings,
      renter: ((await ctx.server.http('GET', '/api/dashboard/storee', { token: b.renter.token })).body.payments as { cents: number; kind: string }[]).map(
        (p) => [p.kind, p.cents],
      ),
    })
    expect(await figures(late)).toEqual(await figures(inOrder))
    expect((await figures(late)).renter.sort()).toEqual([
      ['payment', 1_320],
      ['refund', -660],
    ])
  })
})

describe('the ledger table', () => {
  it('refuses UPDATE and DELETE (append-only)', async () => {
    const b = await accepted({ short: true })
    await payAt(ctx, b.renter.token, b.id)
    const [row] = await rowsOfBooking(ctx, b.id)
    const db = ctx.server.database.db
    await expect(db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.id, row!.id))).rejects.toThrow()
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.id, row!.id))).rejects.toThrow()
    await expect(db.execute(sql`truncate ledger_entries`)).rejects.toThrow()
    expect(await rowsOfBooking(ctx, b.id)).toHaveLength(3)
  })
})
