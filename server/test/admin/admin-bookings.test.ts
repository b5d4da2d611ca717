// @module-tag postgres — admin booking search: raw SQL filters and paging
// GET /api/admin/bookings over HTTP: admins only, every booking and offer with its parties and money,
// filtered by state, kind and start date, searched, paged on the server; bad input is a 400 naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act, admin, day, hostWithListing, pay, renter, request, startBookingsServer, type Ctx } from '../bookings/helpers'

let ctx: Ctx
let boss: Awaited<ReturnType<typeof admin>>
let rita: Awaited<ReturnType<typeof renter>>
let other: Awaited<ReturnType<typeof renter>>
const ids = { requested: '', offer: '', confirmed: '' }
let paidHost: Awaited<ReturnType<typeof hostWithListing>>

beforeAll(async () => {
  ctx = await startBookingsServer()
  boss = await admin(ctx)
  rita = await renter(ctx)
  other = await renter(ctx)
  const a = await hostWithListing(ctx)
  ids.requested = (await request(ctx, rita.token, { storageId: a.listing.id, startDate: day(10) })).body.id
  const b = await hostWithListing(ctx)
  ids.offer = (await request(ctx, other.token, { storageId: b.listing.id, startDate: day(20), offerCents: 9_000 })).body.id
  paidHost = await hostWithListing(ctx, { priceCents: 15_000 })
  ids.confirmed = (await request(ctx, rita.token, { storageId: paidHost.listing.id, startDate: day(30) })).body.id
  expect((await act(ctx, paidHost.host.token, ids.confirmed, 'accept')).status).toBe(200)
  await pay(ctx, rita.token, ids.confirmed)
})
afterAll(async () => {
  await ctx.server.close()
  await ctx.stripe.close()
})

const list = (query = '', token = boss.token) => ctx.server.http('GET', `/api/admin/bookings${query}`, { token })
const idsOf = (body: { items: { id: string }[] }) => body.items.map((b) => b.id)

describe('GET /api/admin/bookings', () => {
  it('answers 401 signed out and 403 to a renter or host who is not an admin', async () => {
    expect((await ctx.server.http('GET', '/api/admin/bookings')).status).toBe(401)
    expect((await list('', rita.token)).status).toBe(403)
    expect((await list('', paidHost.host.token)).status).toBe(403)
    expect((await list('?state=bogus', rita.token)).status).toBe(403) // who asks is checked before what they ask
  })

  it('lists every booking and offer newest first, with the listing, both parties, the dates and the money in cents', async () => {
    const res = await list()
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    expect(res.body).toMatchObject({ total: 3, page: 1, limit: 20 })
    expect(idsOf(res.body)).toEqual([ids.confirmed, ids.offer, ids.requested])
    const confirmed = res.body.items[0]
    expect(confirmed).toMatchObject({
      kind: 'booking',
      state: 'confirmed',
      storage: { id: paidHost.listing.id, title: paidHost.listing.title, city: 'Toronto' },
      renter: { id: rita.id, name: 'Rita User', email: rita.email },
      host: { id: paidHost.host.id, name: 'Hana User', email: paidHost.host.email },
      startDate: day(30),
      endDate: null,
      currency: 'CAD',
      monthlyCents: 15_000,
      listMonthlyCents: 15_000,
      offerCents: null,
    })
    expect(confirmed.paidCents).toBeGreaterThan(15_000)
    expect(confirmed.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/)
    expect(res.body.items[1]).toMatchObject({ kind: 'offer', state: 'offered', offerCents: 9_000, monthlyCents: 9_000, listMonthlyCents: 12_000, paidCents: 0 })
  })

  it('filters by one or several states, comma-separated or repeated', async () => {
    expect(idsOf((await list('?state=confirmed')).body)).toEqual([ids.confirmed])
    expect(idsOf((await list('?state=requested,offered')).body)).toEqual([ids.offer, ids.requested])
    expect(idsOf((await list('?state=requested&state=confirmed')).body)).toEqual([ids.confirmed, ids.requested])
    expect((await list('?state=cancelled')).body).toMatchObject({ items: [], total: 0 })
  })

  it('filters offers from plain bookings', async () => {
    expect(idsOf((await list('?kind=offer')).body)).toEqual([ids.offer])
    expect(idsOf((await list('?kind=booking')).body)).toEqual([ids.confirmed, ids.requested])
  })

  it('filters by the start date, both ends included', async () => {
    expect(idsOf((await list(`?from=${day(20)}`)).body)).toEqual([ids.confirmed, ids.offer])
    expect(idsOf((await list(`?to=${day(20)}`)).body)).toEqual([ids.offer, ids.requested])
    expect(idsOf((await list(`?from=${day(11)}&to=${day(29)}`)).body)).toEqual([ids.offer])
    expect(idsOf((await list(`?from=${day(20)}&to=${day(20)}&state=offered&kind=offer`)).body)).toEqual([ids.offer])
  })

  it('searches the listing title and the renter and host by name or email', async () => {
    expect(idsOf((await list(`?q=${encodeURIComponent(other.email)}`)).body)).toEqual([ids.offer])
    expect(idsOf((await list(`?q=${encodeURIComponent(paidHost.host.email.toUpperCase())}`)).body)).toEqual([ids.confirmed])
    expect(idsOf((await list(`?q=${encodeURIComponent(paidHost.listing.title)}`)).body)).toContain(ids.confirmed)
    expect((await list('?q=rita%20user')).body.total).toBe(3)
    expect((await list('?q=hana')).body.total).toBe(3)
    expect((await list('?q=100%25')).body.total).toBe(0) // LIKE wildcards are matched literally
  })

  it('pages on the server', async () => {
    const first = await list('?limit=2')
    expect(first.body).toMatchObject({ total: 3, page: 1, limit: 2 })
    expect(idsOf(first.body)).toEqual([ids.confirmed, ids.offer])
    const second = await list('?limit=2&page=2')
    expect(second.body).toMatchObject({ total: 3, page: 2, limit: 2 })
    expect(idsOf(second.body)).toEqual([ids.requested])
  })

  it('bad input is a 400 naming the field', async () => {
    const bad = async (query: string, field: string) => {
      const res = await list(query)
      expect(res.status, query).toBe(400)
      expect(res.body.field, query).toBe(field)
      expect(res.body.message, query).toContain(field)
    }
    await bad('?state=bogus', 'state')
    await bad('?state=confirmed,nope', 'state')
    await bad('?kind=rental', 'kind')
    await bad('?from=tomorrow', 'from')
    await bad('?from=2026-02-30', 'from')
    await bad('?to=2026-13-01', 'to')
    await bad(`?from=${day(20)}&to=${day(10)}`, 'to')
    await bad('?page=0', 'page')
    await bad('?limit=1000', 'limit')
    await bad(`?q=${'x'.repeat(201)}`, 'q')
  })
})
