// @module-tag postgres — the hand-written search statement's free-dates condition
// GET /api/storages?from=…&to=…: only the listings free for the whole stay (no blocked day in it, a place
// left on every day of it), counted and paged as the search's other filters are; bad dates are a 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, type BookingState } from '../../src/db/schema/bookings'
import { signUp, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

let server: TestServer
let host: Awaited<ReturnType<typeof signUp>>
let renter: Awaited<ReturnType<typeof signUp>>

/** Days of March next year: always ahead, within the 18 months a stay may start in. */
const Y = new Date().getUTCFullYear() + 1
const mar = (d: number) => `${Y}-03-${String(d).padStart(2, '0')}`
const TOWN = 'Dateville'

/** A listing in its own town (so the searches here see only these), with a capacity. */
async function listing(title: string, capacity = 1, minimumDays = 1) {
  const l = await createListing(server, host.token, {
    title,
    minimumDays,
    address: { street: '1 Main St', city: TOWN, state: 'ON', postalCode: 'K0K 1A0', country: 'CA' },
  })
  if (capacity !== 1) expect((await server.http('PATCH', `/api/storages/${l.id}`, { token: host.token, json: { capacity } })).status).toBe(200)
  return l.id as string
}

/** A stay holding (or, by its state, not holding) a place, written as the booking process would leave it. */
async function stay(
  storageId: string,
  startDate: string,
  endDate: string | null,
  state: BookingState = 'confirmed',
  expiresAt = new Date(Date.now() + 86_400_000),
) {
  const quote = {
    kind: 'monthly',
    days: null,
    monthlyCents: 12_000,
    baseCents: 12_000,
    serviceFeeCents: 0,
    protectionCents: 0,
    firstPaymentCents: 12_000,
    recurringCents: 12_000,
    platformFeePercent: 10,
  } as const
  await server.database.db
    .insert(bookings)
    .values({ storageId, renterId: renter.id, hostId: host.id, state, startDate, endDate, currency: 'CAD', listMonthlyCents: 12_000, quote, expiresAt })
}

const block = async (storageId: string, startDate: string, endDate: string) =>
  expect((await server.http('POST', `/api/storages/${storageId}/blocked-dates`, { token: host.token, json: { startDate, endDate } })).status).toBe(201)

const search = async (query: string) => {
  const res = await server.http('GET', `/api/storages?q=${TOWN}&sort=newest&limit=50${query}`)
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { total: Number(res.headers.get('x-total-count')), titles: (res.body as { title: string }[]).map((s) => s.title).sort() }
}

beforeAll(async () => {
  server = await startTestServer()
  host = await signUp(server, { firstName: 'Hana' })
  renter = await signUp(server, { firstName: 'Rita' })
  const full = await listing('Full single')
  await stay(full, mar(1), mar(20))
  const shared = await listing('Shared pair', 2)
  await stay(shared, mar(5), mar(15))
  const blocked = await listing('Blocked bay')
  await block(blocked, mar(12), mar(12))
  const touching = await listing('Touching garage')
  await stay(touching, mar(1), mar(9))
  await stay(touching, mar(21), null)
  const fullPair = await listing('Full pair', 2)
  await stay(fullPair, mar(8), mar(12))
  await stay(fullPair, mar(11), mar(30))
  const lapsed = await listing('Lapsed hold')
  await stay(lapsed, mar(1), mar(30), 'accepted', new Date(Date.now() - 60_000))
  await stay(lapsed, mar(1), mar(30), 'requested')
  await stay(lapsed, mar(1), mar(30), 'cancelled')
  const held = await listing('Held while paying')
  await stay(held, mar(14), mar(14), 'accepted')
  await listing('Long minimum', 1, 30)
  await block(await listing('Blocked in April', 1, 30), `${Y}-04-05`, `${Y}-04-05`)
  const week = await listing('Week at most')
  expect((await server.http('PATCH', `/api/storages/${week}`, { token: host.token, json: { maximumDays: 7 } })).status).toBe(200)
}, 240_000)
afterAll(() => server.close())

describe('GET /api/storages with from and to', () => {
  it('keeps only the listings free for the whole stay, and counts only those', async () => {
    expect((await search('')).total).toBe(10)
    const r = await search(`&from=${mar(10)}&to=${mar(20)}`)
    // Full single: booked throughout. Blocked bay: Mar 12 blocked. Full pair: two stays on Mar 11 – 12.
    // Held while paying: an accepted stay holds its place until its pay window closes. The two with a
    // 30-day minimum and the one taking a week at most do not take an 11-day stay.
    expect(r.titles).toEqual(['Lapsed hold', 'Shared pair', 'Touching garage'])
    expect(r.total).toBe(3)
  })

  it('a stay shorter than the listing’s minimum or longer than its maximum leaves it out', async () => {
    expect((await search(`&from=${mar(1)}&to=${mar(30)}`)).titles).toContain('Long minimum')
    expect((await search(`&from=${mar(1)}&to=${mar(29)}`)).titles).not.toContain('Long minimum')
    expect((await search(`&from=${mar(1)}&to=${mar(7)}`)).titles).toContain('Week at most')
    expect((await search(`&from=${mar(1)}&to=${mar(8)}`)).titles).not.toContain('Week at most')
  })

  it('a stay touching a booking on either side, without sharing a day, keeps the listing', async () => {
    expect((await search(`&from=${mar(10)}&to=${mar(20)}`)).titles).toContain('Touching garage')
    expect((await search(`&from=${mar(9)}&to=${mar(20)}`)).titles).not.toContain('Touching garage')
    expect((await search(`&from=${mar(10)}&to=${mar(21)}`)).titles).not.toContain('Touching garage')
  })

  it('a capacity of two stays listed with one stay on the days, and goes when a second fills a day', async () => {
    expect((await search(`&from=${mar(1)}&to=${mar(10)}`)).titles).toContain('Shared pair')
    expect((await search(`&from=${mar(8)}&to=${mar(10)}`)).titles).toContain('Full pair')
    expect((await search(`&from=${mar(12)}&to=${mar(12)}`)).titles).not.toContain('Full pair')
    expect((await search(`&from=${mar(13)}&to=${mar(14)}`)).titles).toContain('Full pair')
  })

  it('without to, the listing’s minimum stay from that day must be free', async () => {
    const single = await search(`&from=${mar(11)}`)
    expect(single.titles).toContain('Blocked bay') // one day, Mar 11, is free
    expect(single.titles).toContain('Long minimum')
    expect((await search(`&from=${mar(12)}`)).titles).not.toContain('Blocked bay')
    // Its 30-day minimum from Mar 11 reaches the blocked Apr 5; from Mar 1 it ends on Mar 30.
    expect((await search(`&from=${mar(11)}`)).titles).not.toContain('Blocked in April')
    expect((await search(`&from=${mar(1)}`)).titles).toContain('Blocked in April')
  })

  it('pages the free listings with the right total, and the map box agrees', async () => {
    const first = await server.http('GET', `/api/storages?q=${TOWN}&sort=newest&limit=2&from=${mar(10)}&to=${mar(20)}`)
    const second = await server.http('GET', `/api/storages?q=${TOWN}&sort=newest&limit=2&page=2&from=${mar(10)}&to=${mar(20)}`)
    expect([first.headers.get('x-total-count'), second.headers.get('x-total-count')]).toEqual(['3', '3'])
    expect((first.body as unknown[]).length + (second.body as unknown[]).length).toBe(3)
    const box = await server.http('GET', `/api/storages?bbox=-80,43,-79,44&limit=50&from=${mar(10)}&to=${mar(20)}`)
    expect(box.status).toBe(200)
    expect((box.body as { title: string }[]).map((s) => s.title)).not.toContain('Full single')
  })

  it('bad dates are a 400 naming from or to', async () => {
    const bad = async (query: string, field: string) => {
      const res = await server.http('GET', `/api/storages?${query}`)
      expect(res.body, query).toMatchObject({ statusCode: 400, field })
    }
    const today = new Date().toISOString().slice(0, 10)
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
    await bad('from=soon', 'from')
    await bad(`from=${Y}-02-30`, 'from')
    await bad(`from=${yesterday}`, 'from')
    await bad(`from=${Y + 2}-12-01`, 'from')
    await bad(`from=${mar(10)}&to=${mar(9)}`, 'to')
    await bad(`from=${mar(10)}&to=${Y + 6}-03-10`, 'to')
    await bad(`to=${mar(10)}`, 'from')
    expect((await server.http('GET', `/api/storages?from=${today}&to=${today}`)).status).toBe(200)
    expect((await server.http('GET', `/api/storages?from=${yesterday}`)).body.error).toBe('querystring from must not be in the past')
  })
})
