// Every route that takes a day, a month or an amount, sent the far past, the far future, Feb 29–31,
// malformed text, zero, negative, fractional and huge numbers: each is refused with a 4xx naming the field,
// within a second (a guard against work that grows with the input, not a benchmark). Also the request that
// froze the server (a quote ending in year 9999) and the quote's rate limit, last (it spends the budget).
import { beforeAll, describe, expect, it } from 'vitest'
import { addDays, latestEndDate, latestStartDate, MAX_STAY_MONTHS } from '@contract/booking-dates'
import { bookings } from '../../src/db/schema/bookings'
import { QUOTES_PER_MINUTE } from '../../src/modules/bookings/routes/create'
import { signUpVerified } from '../helpers'
import { listingBody } from '../storage-fixtures'
import { act, ADMIN, bookingRow, ctx, day, hostWithListing, pay, renter, request, useBookingsServer } from './helpers'

useBookingsServer()

const FAR_PAST = '1900-01-01'
const FAR_FUTURE = '9999-12-31'
const NOT_DAYS = ['2027-02-29', '2027-02-30', '2027-02-31', '2026-02-30', '+010000-01-01', '2026-1-1', '', 'tomorrow', 20270101]
const BAD_DAYS = [FAR_PAST, FAR_FUTURE, ...NOT_DAYS]
const BAD_AMOUNTS = [0, -1, -100_000, 1.5, 1e15, Number.MAX_SAFE_INTEGER + 2, 1e308, '100']

type Opts = { token?: string; json?: unknown }
let s: {
  host: Awaited<ReturnType<typeof hostWithListing>>['host']
  listingId: string
  r: Awaited<ReturnType<typeof renter>>
  offerId: string
  activeId: string
  claimId: string
  admin: { token: string }
}

beforeAll(async () => {
  const { host, listing } = await hostWithListing(ctx)
  const r = await renter(ctx)
  const offer = await request(ctx, r.token, { storageId: listing.id, offerCents: 9_000 })
  const open = await request(ctx, r.token, { storageId: listing.id, startDate: day(0) })
  await act(ctx, host.token, open.body.id, 'accept')
  await pay(ctx, r.token, open.body.id)
  expect((await ctx.server.http('GET', `/api/bookings/${open.body.id}`, { token: r.token })).body.state).toBe('active')
  // A running rental to claim on, written as it would be (the booking process is tested elsewhere).
  const row = await bookingRow(ctx, open.body.id)
  const [claimable] = await ctx.server.database.db
    .insert(bookings)
    .values({ ...row, id: undefined, startDate: day(-20), endDate: day(-19), subscriptionId: null, checkoutSessionId: null, paymentIntentId: null })
    .returning()
  const admin = await signUpVerified(ctx.server, { email: ADMIN })
  s = { host, listingId: listing.id, r, offerId: offer.body.id, activeId: open.body.id, claimId: claimable!.id, admin }
}, 240_000)

/** Sends one request and expects a 4xx naming `field`, answered within a second. */
async function refused(method: string, path: string, opts: Opts, field: string) {
  const started = performance.now()
  const res = await ctx.server.http(method, path, opts)
  const ms = performance.now() - started
  const what = `${method} ${path} ${JSON.stringify(opts.json ?? '')} → ${res.status} ${JSON.stringify(res.body)}`
  expect(res.status, what).toBeGreaterThanOrEqual(400)
  expect(res.status, what).toBeLessThan(500)
  expect(res.body.field, what).toBe(field)
  expect(ms, what).toBeLessThan(1000)
}

const quoteOf = (body: Record<string, unknown>) => ({ storageId: s.listingId, startDate: day(13), ...body })

describe('the quote that froze the server', () => {
  it('a stay ending in year 9999 is a 400 naming endDate, both days in 9999 one naming startDate, each within a second, while /api/health answers', async () => {
    const asked = [
      ctx.server.http('POST', '/api/bookings/quote', { json: quoteOf({ endDate: FAR_FUTURE }) }),
      ctx.server.http('POST', '/api/bookings/quote', { json: quoteOf({ startDate: '9999-12-01', endDate: FAR_FUTURE }) }),
    ]
    const started = performance.now()
    const health = await ctx.server.http('GET', '/api/health')
    expect(health.status).toBe(200)
    expect(performance.now() - started).toBeLessThan(1000)
    const end = await asked[0]!
    const both = await asked[1]!
    expect(end).toMatchObject({ status: 400, body: { field: 'endDate' } })
    expect(end.body.error).toContain('at most 5 years')
    expect(both).toMatchObject({ status: 400, body: { field: 'startDate' } })
    expect(both.body.error).toContain('at most 18 months')
  })

  it('the longest stay allowed, starting as late as allowed, is priced: 60 monthly payments, quickly', async () => {
    const today = day(0)
    const startDate = latestStartDate(today)
    const started = performance.now()
    const res = await ctx.server.http('POST', '/api/bookings/quote', { json: quoteOf({ startDate, endDate: latestEndDate(startDate) }) })
    expect(performance.now() - started).toBeLessThan(1000)
    expect(res.status).toBe(200)
    expect(res.body.payments).toHaveLength(MAX_STAY_MONTHS)
    expect(res.body.totalCents).toBe(res.body.payments.reduce((n: number, p: { cents: number }) => n + p.cents, 0))
    // One day more, or a start one day later, is refused.
    await refused('POST', '/api/bookings/quote', { json: quoteOf({ startDate, endDate: addDays(latestEndDate(startDate), 1) }) }, 'endDate')
    await refused('POST', '/api/bookings/quote', { json: quoteOf({ startDate: addDays(startDate, 1) }) }, 'startDate')
  })
})

describe('bookings: quote and request', () => {
  const cases = () => [
    ...BAD_DAYS.map((startDate) => ({ body: { startDate }, field: 'startDate' })),
    ...[...BAD_DAYS, addDays(latestEndDate(day(13)), 1)].map((endDate) => ({ body: { endDate }, field: 'endDate' })),
    ...[...BAD_AMOUNTS, 12_000, 50_000].map((offerCents) => ({ body: { offerCents }, field: 'offerCents' })),
  ]

  it('POST /api/bookings/quote (signed out) refuses each bad day and offer naming the field', async () => {
    for (const c of cases()) await refused('POST', '/api/bookings/quote', { json: quoteOf(c.body) }, c.field)
  })

  it('POST /api/bookings refuses them too (a sample: the route allows 30 a minute)', async () => {
    const sample = cases().filter((_, i) => i % 2 === 0)
    expect(sample.length).toBeLessThan(28)
    for (const c of sample) await refused('POST', '/api/bookings', { token: s.r.token, json: { ...quoteOf(c.body), note: '' } }, c.field)
  })

  it('a counter of zero, a negative, a fraction or a huge number is a 400 naming counterCents', async () => {
    for (const counterCents of BAD_AMOUNTS)
      await refused('POST', `/api/bookings/${s.offerId}/counter`, { token: s.host.token, json: { counterCents } }, 'counterCents')
  })

  it('a move-out in the far past or future, on Feb 30 or malformed is a 400 naming moveOutOn', async () => {
    for (const moveOutOn of BAD_DAYS) await refused('POST', `/api/bookings/${s.activeId}/end`, { token: s.r.token, json: { moveOutOn } }, 'moveOutOn')
    expect((await bookingRow(ctx, s.activeId)).endDate).toBeNull()
  })
})

describe('claims, statements, admin and listings', () => {
  it('a claim of a negative, fractional or huge amount names amountCents; an incident on a bad day names incidentDate', async () => {
    const path = `/api/evidence/bookings/${s.claimId}/claims`
    const claim = { basis: 'incident', incidentDate: day(-20), description: 'The shelf fell on the boxes.', amountCents: 5_000 }
    for (const amountCents of BAD_AMOUNTS.filter((a) => a !== 0))
      await refused('POST', path, { token: s.r.token, json: { ...claim, amountCents } }, 'amountCents')
    for (const incidentDate of BAD_DAYS) await refused('POST', path, { token: s.r.token, json: { ...claim, incidentDate } }, 'incidentDate')
  })

  it('GET /api/statements/:month outside 2000-01 … next month, or malformed, is a 400 naming month', async () => {
    for (const month of ['9999-12', '0000-01', '1899-12', '2026-13', '2026-00', '+10000-01', '2026-2', '202611'])
      await refused('GET', `/api/statements/${encodeURIComponent(month)}`, { token: s.host.token }, 'month')
    expect((await ctx.server.http('GET', `/api/statements/${day(0).slice(0, 7)}`, { token: s.host.token })).status).toBe(200)
  })

  it("an admin's refund of zero, a negative, a fraction or a huge amount names amountCents; the booking list's days name from and to", async () => {
    for (const amountCents of BAD_AMOUNTS)
      await refused('POST', `/api/admin/bookings/${s.activeId}/cancel`, { token: s.admin.token, json: { amountCents, reason: 'Fuzz' } }, 'amountCents')
    expect((await bookingRow(ctx, s.activeId)).state).toBe('active')
    for (const bad of NOT_DAYS.filter((d) => d !== '')) {
      await refused('GET', `/api/admin/bookings?from=${encodeURIComponent(String(bad))}`, { token: s.admin.token }, 'from')
      await refused('GET', `/api/admin/bookings?to=${encodeURIComponent(String(bad))}`, { token: s.admin.token }, 'to')
    }
  })

  it('a listing priced at zero, a negative, a fraction or a huge amount names priceCents; a bad minimum stay names minimumDays', async () => {
    for (const priceCents of BAD_AMOUNTS) await refused('POST', '/api/storages', { token: s.host.token, json: listingBody({ priceCents }) }, 'priceCents')
    for (const minimumDays of [0, -1, 1.5, 366, 1e9, 1e308, '30'])
      await refused('POST', '/api/storages', { token: s.host.token, json: listingBody({ minimumDays }) }, 'minimumDays')
  })

  it('a search by a negative, fractional or huge price or size names the field', async () => {
    for (const field of ['minPrice', 'maxPrice', 'minSize'])
      for (const v of ['-1', '1e400', '99999999999999999999', 'abc']) await refused('GET', `/api/storages?${field}=${encodeURIComponent(v)}`, {}, field)
    for (const field of ['minPrice', 'maxPrice']) await refused('GET', `/api/storages?${field}=1.5`, {}, field)
  })
})

describe('the quote is rate limited', () => {
  it(`after ${QUOTES_PER_MINUTE} quotes a minute from one address, a 429; the rest of the API still answers`, async () => {
    const statuses: number[] = []
    for (let i = 0; i <= QUOTES_PER_MINUTE && !statuses.includes(429); i++)
      statuses.push((await ctx.server.http('POST', '/api/bookings/quote', { json: quoteOf({}) })).status)
    expect(statuses.at(-1)).toBe(429)
    expect(statuses.filter((x) => x === 200).length).toBeLessThanOrEqual(QUOTES_PER_MINUTE)
    expect((await ctx.server.http('GET', '/api/health')).status).toBe(200)
    // A signed-in user is counted apart from the address.
    expect((await ctx.server.http('POST', '/api/bookings/quote', { token: s.r.token, json: quoteOf({}) })).status).toBe(200)
  })
})
