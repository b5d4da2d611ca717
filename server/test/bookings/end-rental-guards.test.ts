// @module-tag postgres — two end-rental requests at once; rollback when Stripe fails
// Ending a running rental, over HTTP with the Stripe stand-in: the listing's minimum stay holds against an
// early move-out, two ends at once give one end (the other a 409), and an end Stripe could not set is taken back.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { addDays, dayNumber, startOf } from '../../src/modules/bookings/service/transitions'
import { act, bookingRow, ctx, day, hostWithListing, pay, renter, request, useBookingsServer } from './helpers'

useBookingsServer()

const unix = (d: string) => startOf(d).getTime() / 1000

/** A running open-ended monthly rental started today (paid at checkout), on a listing with this minimum stay. */
async function runningRental(minimumDays = 1) {
  const { host, listing } = await hostWithListing(ctx, { minimumDays })
  const r = await renter(ctx)
  const { body } = await request(ctx, r.token, { storageId: listing.id, startDate: day(0) })
  await act(ctx, host.token, body.id, 'accept')
  await pay(ctx, r.token, body.id)
  const view = (await ctx.server.http('GET', `/api/bookings/${body.id}`, { token: r.token })).body
  expect(view.state).toBe('active')
  const row = await bookingRow(ctx, body.id)
  return { host, r, id: body.id as string, view, subscriptionId: row.subscriptionId!, paidThrough: row.paidThrough! }
}

const cancelAtUpdates = (from: number, subscriptionId: string) =>
  ctx.stripe.requests.slice(from).filter((q) => q.path === `/v1/subscriptions/${subscriptionId}` && q.params.cancel_at !== undefined)

describe('the minimum stay', () => {
  it('on a 90-day listing, a move-out at the close of the first paid month is a 400 naming moveOutOn; only days from day 90 on are offered and taken', async () => {
    const { host, r, id, view, subscriptionId, paidThrough } = await runningRental(90)
    const earliest = addDays(day(0), 89)
    const offered = view.renewal.moveOutDates as string[]
    expect(offered).toHaveLength(12)
    expect(offered.every((d) => dayNumber(d) >= dayNumber(earliest))).toBe(true)
    expect(offered).not.toContain(paidThrough)
    // The screens' "end now" says the same day the server will set.
    expect(dayNumber(view.terms.end.endsOn)).toBeGreaterThanOrEqual(dayNumber(earliest))

    for (const moveOutOn of [paidThrough, addDays(day(0), 30), addDays(earliest, -1)]) {
      const early = await act(ctx, r.token, id, 'end', { moveOutOn })
      expect(early.status, moveOutOn).toBe(400)
      expect(early.body.field).toBe('moveOutOn')
      expect(early.body.error).toContain('minimum stay of 90 days')
      expect(early.body.error).toContain(earliest)
    }
    expect((await bookingRow(ctx, id)).endDate).toBeNull()

    const before = ctx.stripe.requests.length
    const ok = await act(ctx, r.token, id, 'end', { moveOutOn: offered[0] })
    expect(ok.status).toBe(200)
    expect(ok.body.endDate).toBe(offered[0])
    expect(cancelAtUpdates(before, subscriptionId).at(-1)!.params.cancel_at).toBe(String(unix(addDays(offered[0]!, 1))))
    // The host's side is untouched by the rule: a host's notice is 30 days, tested in renewals.test.ts.
    expect((await ctx.server.http('GET', `/api/bookings/${id}`, { token: host.token })).body.renewal.notice).toMatchObject({
      by: 'renter',
      lastDay: offered[0],
    })
  })

  it('ending without naming a day ends at the close of the period in which the minimum stay is done', async () => {
    const { r, id, view } = await runningRental(90)
    const res = await act(ctx, r.token, id, 'end')
    expect(res.status).toBe(200)
    expect(res.body.endDate).toBe(view.terms.end.endsOn)
    expect(res.body.endDate).toBe(view.renewal.moveOutDates[0])
  })
})

describe('two ends at once', () => {
  it('of four move-out notices sent at once one sets the end date; the others get a 409 that says the rental already has one; Stripe and the pair hear of it once', async () => {
    const { host, r, id, view, subscriptionId } = await runningRental()
    const dates = view.renewal.moveOutDates as string[]
    const before = ctx.stripe.requests.length
    // Hold the database until all four have asked it something, so they read the booking together.
    const db = ctx.server.database
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const holding = db.db.transaction(async () => held)
    const asked = db.queryCount()
    const sent = Promise.all(dates.slice(0, 4).map((moveOutOn) => act(ctx, r.token, id, 'end', { moveOutOn })))
    await expect.poll(() => db.queryCount() - asked, { timeout: 10_000, interval: 5 }).toBeGreaterThanOrEqual(4)
    release()
    await holding
    const results = await sent
    const won = results.filter((x) => x.status === 200)
    expect(won).toHaveLength(1)
    for (const lost of results.filter((x) => x.status !== 200)) {
      expect(lost.status).toBe(409)
      expect(lost.body.error).toBe('This rental already has an end date.')
    }
    const row = await bookingRow(ctx, id)
    expect(row.endDate).toBe(won[0]!.body.endDate)
    expect(cancelAtUpdates(before, subscriptionId)).toHaveLength(1)
    expect(ctx.stripe.checkout.subscriptions.get(subscriptionId)!.cancel_at).toBe(unix(addDays(row.endDate!, 1)))
    const notices = await ctx.server.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, host.email), eq(emailOutbox.template, 'booking-moving-out')))
    expect(notices).toHaveLength(1)
  })
})

describe('an end Stripe could not set', () => {
  it('answers 502 and takes the end back: no end date, no notice; once Stripe answers again the end goes through', async () => {
    const { r, id, view, subscriptionId } = await runningRental()
    const sub = ctx.stripe.checkout.subscriptions.get(subscriptionId)!
    ctx.stripe.checkout.subscriptions.delete(subscriptionId)
    const failed = await act(ctx, r.token, id, 'end', { moveOutOn: view.renewal.moveOutDates[0] })
    expect(failed.status).toBe(502)
    expect(failed.body.error).toContain('could not be set at Stripe')
    const row = await bookingRow(ctx, id)
    expect(row).toMatchObject({ state: 'active', endDate: null, noticeBy: null, noticeAt: null })
    const again = (await ctx.server.http('GET', `/api/bookings/${id}`, { token: r.token })).body
    expect(again.renewal.notice).toBeNull()
    expect(again.renewal.moveOutDates).toEqual(view.renewal.moveOutDates)

    ctx.stripe.checkout.subscriptions.set(subscriptionId, sub)
    const ok = await act(ctx, r.token, id, 'end', { moveOutOn: view.renewal.moveOutDates[0] })
    expect(ok.status).toBe(200)
    expect(ctx.stripe.checkout.subscriptions.get(subscriptionId)!.cancel_at).toBe(unix(addDays(view.renewal.moveOutDates[0], 1)))
  })
})
