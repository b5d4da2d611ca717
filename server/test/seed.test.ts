// @module-tag postgres — the seed on an empty database of this engine
// The demo data a first start shows: bookings in every state the screens group (so /bookings and both
// dashboards have something), chats whose booking steps are those bookings' own notices, and listings
// that never read the same twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, gt } from 'drizzle-orm'
import { bookings } from '../src/db/schema/bookings'
import { ledgerEntries } from '../src/db/schema/ledger'
import { messages } from '../src/db/schema/messages'
import { invites } from '../src/db/schema/invites'
import { storageBlockedDates } from '../src/db/schema/storage-blocked-dates'
import { storages } from '../src/db/schema/storages'
import { users } from '../src/db/schema/users'
import { adoptStoredAccounts } from '../src/modules/payments/stand-in/sandbox-accounts'
import { seedDemoData } from '../src/seed/index'
import { DEMO_PASSWORD } from '../src/seed/users'
import { startTestServer, type TestServer } from './helpers'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await seedDemoData(server.database.db)
}, 120_000)
afterAll(() => server.close())

const login = async (email: string) => (await server.http('POST', '/api/auth/login', { json: { email, password: DEMO_PASSWORD } })).body.token as string

describe('demo data', () => {
  it('the demo renter has one saved search, with alerts on', async () => {
    const res = await server.http('GET', '/api/saved-searches', { token: await login('renter@nookshare.test') })
    expect(res.body).toMatchObject([{ name: 'Garages in Toronto', alerts: true, newMatches: 0, summary: 'Garages · Toronto · up to $200/mo' }])
  })

  it('no two listings have the same title', async () => {
    const titles = (await server.database.db.select({ title: storages.title }).from(storages)).map((r) => r.title)
    expect(titles.length).toBe(240)
    expect(new Set(titles).size).toBe(titles.length)
  })

  it('seeds requested, confirmed, active and completed bookings that the renters and hosts see', async () => {
    const states = (await server.database.db.select({ state: bookings.state }).from(bookings)).map((r) => r.state).sort()
    // The demo reviews' past stays (seed/reviews.ts) are completed bookings of other renters.
    expect(states.filter((s) => s !== 'completed')).toEqual(['active', 'confirmed', 'requested'])
    expect(states.filter((s) => s === 'completed')).toHaveLength(1 + 17)
    const sam = await server.http('GET', '/api/bookings', { token: await login('renter@nookshare.test') })
    expect(sam.body.asRenter.map((b: { state: string }) => b.state).sort()).toEqual(['completed', 'confirmed'])
    const olivia = await server.http('GET', '/api/bookings', { token: await login('olivia@nookshare.test') })
    expect(olivia.body.asRenter.map((b: { state: string }) => b.state).sort()).toEqual(['active', 'requested'])
    const hannah = await server.http('GET', '/api/dashboard/host', { token: await login('host@nookshare.test') })
    expect(hannah.status).toBe(200)
    expect(hannah.body.rentals.map((r: { state: string }) => r.state)).toEqual(['confirmed'])
    expect(hannah.body.listings.some((l: { openRequests: number }) => l.openRequests === 1)).toBe(true)
    const storee = await server.http('GET', '/api/dashboard/storee', { token: await login('renter@nookshare.test') })
    expect(JSON.stringify(storee.body)).toContain('"state":"confirmed"')
  })

  it('every seeded paid booking has its ledger rows, so the demo dashboards show money read from the ledger', async () => {
    const db = server.database.db
    const paid = await db.select().from(bookings).where(gt(bookings.paidCents, 0))
    const rows = await db.select().from(ledgerEntries)
    for (const b of paid) {
      const mine = rows.filter((r) => r.bookingId === b.id)
      expect(mine.map((r) => r.kind).sort()).toEqual(['application_fee', 'payment', 'transfer'])
      expect(mine.find((r) => r.kind === 'payment')!.amountCents).toBe(b.paidCents)
    }
    const hannah = await server.http('GET', '/api/dashboard/host', { token: await login('host@nookshare.test') })
    expect(hannah.body.earnings[0].totalCents).toBeGreaterThan(0)
    const sam = await server.http('GET', '/api/dashboard/storee', { token: await login('renter@nookshare.test') })
    expect(sam.body.payments.length).toBeGreaterThanOrEqual(2)
    expect(sam.body.payments.every((p: { receiptId: string }) => rows.some((r) => r.id === p.receiptId))).toBe(true)
  })

  it('seeds published reviews: some listings show a rating, and the top rated sort leads with them', async () => {
    const top = await server.http('GET', '/api/storages?sort=rating&limit=12')
    const rated = top.body.filter((s: { rating: unknown }) => s.rating)
    expect(rated).toHaveLength(10)
    expect(top.body[0].rating.count).toBeGreaterThan(0)
    const page = await server.http('GET', `/api/storages/${rated[0].id}/reviews`)
    expect(page.body.items.length).toBe(rated[0].rating.count)
  })

  it('every booking step in the seeded chats names a listing that has that booking (or that invite)', async () => {
    const db = server.database.db
    const system = await db.select().from(messages).where(eq(messages.isSystem, true))
    const booked = await db.select({ title: storages.title }).from(bookings).innerJoin(storages, eq(storages.id, bookings.storageId))
    const invited = await db.select({ title: storages.title }).from(invites).innerJoin(storages, eq(storages.id, invites.storageId))
    expect(system.length).toBeGreaterThanOrEqual(5)
    for (const m of system) expect([...booked, ...invited].some((b) => m.content.includes(`"${b.title}"`))).toBe(true)
  })

  it('booking without waiting: capacity and blocked days on some listings, an invite and a visit for Sam, and Instant Book he can use', async () => {
    const db = server.database.db
    expect((await db.select().from(storages).where(gt(storages.capacity, 1))).length).toBe(16)
    expect((await db.select().from(storageBlockedDates)).length).toBe(16)
    expect((await db.select().from(storages)).every((s) => s.accessSchedule !== null)).toBe(true)
    const sam = await login('renter@nookshare.test')
    const [hannah] = await db.select().from(users).where(eq(users.email, 'host@nookshare.test'))
    const [priya] = await db.select().from(users).where(eq(users.email, 'priya@nookshare.test'))
    const cards = await server.http('GET', `/api/invites/with/${priya!.id}`, { token: sam })
    expect(cards.body.invites).toMatchObject([{ role: 'renter', state: 'pending' }])
    const visits = await server.http('GET', `/api/visits/with/${hannah!.id}`, { token: sam })
    expect(JSON.stringify(visits.body)).toContain('"status":"proposed"')

    // The sandbox takes on the demo hosts' finished payout setup; Hannah's is left to do.
    await adoptStoredAccounts(db, server.app.payments.sandbox!)
    const [marcs] = await db
      .select({ id: storages.id })
      .from(storages)
      .innerJoin(users, eq(users.id, storages.hostId))
      .where(and(eq(users.email, 'marc@nookshare.test'), eq(storages.instantBook, true), eq(storages.instantRequireId, false), eq(storages.status, 'active')))
      .limit(1)
    const start = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10)
    const answer = await server.http('GET', `/api/storages/${marcs!.id}/instant-book?startDate=${start}`, { token: sam })
    expect(answer.body).toEqual({ eligible: true })
    const [hannahs] = await db
      .select({ id: storages.id })
      .from(storages)
      .where(and(eq(storages.hostId, hannah!.id), eq(storages.instantBook, true), eq(storages.status, 'active')))
      .limit(1)
    const not = await server.http('GET', `/api/storages/${hannahs!.id}/instant-book?startDate=${start}`, { token: sam })
    expect(not.body.reasons).toContain('The host cannot take payments yet.')
  })
})
