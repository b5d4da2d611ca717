// @module-tag postgres — the alert matcher's hand-written statement (GiST box, GIN words) and the alerts' claim (SKIP LOCKED)
// Saved-search alerts (issue #44): an alert fires once for a listing published after the search was saved, not
// for one that existed, not twice, at most once a day (matches wait and go out together), not after
// unsubscribing, not to the listing's own host; a space freed by a booking alerts too; and the matcher finds
// exactly the listings the search itself returns.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ALERT_MIN_GAP_MS } from '@contract/saved-search'
import { moveBooking } from '../../src/modules/bookings/service/process'
import { bookings } from '../../src/db/schema/bookings'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { pushJobs } from '../../src/db/schema/push'
import { savedSearchMatches } from '../../src/db/schema/saved-searches'
import { sendDueAlerts } from '../../src/modules/listings/service/saved-search-alerts'
import { savedSearchToken } from '../../src/modules/listings/service/saved-search-unsubscribe-token'
import { signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'
import { startFakePushService, type FakePushService } from '../push-service'
import { createListing } from '../storage-fixtures'

let server: TestServer
let service: FakePushService
let now = new Date()
const clock = () => now
const advance = (ms: number) => (now = new Date(now.getTime() + ms))

type U = Awaited<ReturnType<typeof signUp>>
let host: U

beforeAll(async () => {
  service = await startFakePushService()
  server = await startTestServer(
    { pushEndpointHosts: ['127.0.0.1'], publicUrl: 'https://nookshare.test', adminEmails: ['boss@example.com'] },
    { push: { clock, agent: service.agent, manual: true } },
  )
  host = await signUp(server, { firstName: 'Hana' })
})
afterAll(async () => {
  await server.close()
  await service.close()
})

const save = async (u: U, query: string, name?: string) => {
  const res = await server.http('POST', '/api/saved-searches', { token: u.token, json: { query, name } })
  expect(res.status).toBe(201)
  advance(1000)
  return res.body as { id: string; name: string }
}
const publish = async (overrides: Record<string, unknown> = {}, by: U = host) => {
  const listing = await createListing(server, by.token, overrides)
  advance(1000)
  return listing
}
const setStatus = (id: string, status: string) => server.http('PATCH', `/api/storages/${id}`, { token: host.token, json: { status } })
const sendDue = () => server.app.savedSearchAlerts.sendDue()
const mySearch = async (u: U, id: string) => (await server.http('GET', '/api/saved-searches', { token: u.token })).body.find((s: { id: string }) => s.id === id)
const emailsTo = (u: U) =>
  server.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, u.email), eq(emailOutbox.template, 'saved-search-alert')))
const pushesTo = (u: U) =>
  server.database.db
    .select()
    .from(pushJobs)
    .where(and(eq(pushJobs.userId, u.id), eq(pushJobs.kind, 'saved-search')))

describe('saved-search alerts', () => {
  let rita: U
  let search: { id: string; name: string }
  let before: { id: string }
  let first: { id: string; title: string }
  beforeAll(async () => {
    rita = await signUp(server, { firstName: 'Rita' })
    before = await publish({
      title: 'Kingston shed for boxes',
      spaceType: 'shed',
      address: { street: '1 King St', city: 'Kingston', state: 'ON', postalCode: 'K7L 1A1', country: 'CA' },
    })
    search = await save(rita, 'q=Kingston&type=shed', 'Sheds in Kingston')
  })

  it('emails one alert for a listing published after the search was saved, not for the one that existed', async () => {
    first = (await publish({
      title: 'Kingston shed near the lake',
      spaceType: 'shed',
      priceCents: 9_000,
      address: { street: '2 King St', city: 'Kingston', state: 'ON', postalCode: 'K7L 1A2', country: 'CA' },
    })) as never
    expect(await sendDue()).toBe(1)
    const emails = await emailsTo(rita)
    expect(emails).toHaveLength(1)
    expect(emails[0]!.subject).toBe('New space for “Sheds in Kingston”')
    expect(emails[0]!.text).toContain(`https://nookshare.test/storages/${first.id}`)
    expect(emails[0]!.text).not.toContain(before.id)
    expect(emails[0]!.text).toContain('$90/mo · Kingston')
    const token = savedSearchToken(server.app.push.unsubscribeKey, search.id)
    expect(emails[0]!.text).toContain(`https://nookshare.test/unsubscribe?search=${search.id}&t=${token}`)
    expect(emails[0]!.html).toContain('Stop these alerts')
    expect(await mySearch(rita, search.id)).toMatchObject({ newMatches: 1, lastAlertAt: now.toISOString() })
    expect(await sendDue()).toBe(0)
  })

  it('never alerts twice for one listing, even when it is paused and published again', async () => {
    expect((await setStatus(first.id, 'paused')).status).toBe(200)
    expect((await setStatus(first.id, 'active')).status).toBe(200)
    advance(ALERT_MIN_GAP_MS + 1000)
    expect(await sendDue()).toBe(0)
    expect(await emailsTo(rita)).toHaveLength(1)
    expect((await mySearch(rita, search.id)).newMatches).toBe(1)
  })

  it('sends at most one a day: matches inside the gap wait and go out together', async () => {
    const kingston = (n: number) => ({
      spaceType: 'shed',
      title: `Kingston shed number ${n}`,
      address: { street: `${n} King St`, city: 'Kingston', state: 'ON', postalCode: 'K7L 1A3', country: 'CA' },
    })
    await publish(kingston(3))
    expect(await sendDue()).toBe(1)
    advance(3600_000)
    const a = await publish(kingston(4))
    const b = await publish(kingston(5))
    expect(await sendDue()).toBe(0)
    expect((await mySearch(rita, search.id)).newMatches).toBe(4)
    advance(ALERT_MIN_GAP_MS - 3600_000)
    expect(await sendDue()).toBe(1)
    const emails = await emailsTo(rita)
    expect(emails).toHaveLength(3)
    const last = emails.find((e) => e.subject === '2 new spaces for “Sheds in Kingston”')!
    expect(last.text).toContain(a.id)
    expect(last.text).toContain(b.id)
    expect((await server.http('POST', `/api/saved-searches/${search.id}/seen`, { token: rita.token })).status).toBe(204)
    expect((await mySearch(rita, search.id)).newMatches).toBe(0)
  })

  it('stops after the one-tap unsubscribe, which a bad token cannot do', async () => {
    const bad = await server.http('POST', '/api/saved-searches/unsubscribe', { json: { id: search.id, token: savedSearchToken('another key', search.id) } })
    expect(bad.status).toBe(400)
    expect((await mySearch(rita, search.id)).alerts).toBe(true)
    const token = savedSearchToken(server.app.push.unsubscribeKey, search.id)
    const res = await server.http('POST', '/api/saved-searches/unsubscribe', { json: { id: search.id, token } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ name: 'Sheds in Kingston', alerts: false })
    advance(ALERT_MIN_GAP_MS + 1000)
    await publish({
      spaceType: 'shed',
      title: 'Kingston shed after unsubscribing',
      address: { street: '9 King St', city: 'Kingston', state: 'ON', postalCode: 'K7L 1A4', country: 'CA' },
    })
    expect(await sendDue()).toBe(0)
    expect(await emailsTo(rita)).toHaveLength(3)
  })

  it('does not alert the host about their own listing', async () => {
    const own = await save(host, 'q=Guelph')
    await publish({ title: 'Guelph garage', address: { street: '1 Gordon St', city: 'Guelph', state: 'ON', postalCode: 'N1G 1A1', country: 'CA' } })
    expect(await sendDue()).toBe(0)
    expect((await mySearch(host, own.id)).newMatches).toBe(0)
  })

  it('pushes to a renter with a device, with the unsubscribe page and the listing', async () => {
    const omar = await signUp(server, { firstName: 'Omar' })
    const sub = service.subscribe()
    expect((await server.http('POST', '/api/push/subscriptions', { token: omar.token, json: sub })).status).toBe(201)
    const s = await save(omar, 'q=Barrie', 'Barrie')
    const l = await publish({
      title: 'Barrie basement',
      spaceType: 'basement',
      priceCents: 7_500,
      address: { street: '1 Bay St', city: 'Barrie', state: 'ON', postalCode: 'L4M 1A1', country: 'CA' },
    })
    expect(await sendDue()).toBe(1)
    const jobs = await pushesTo(omar)
    expect(jobs).toHaveLength(1)
    const token = savedSearchToken(server.app.push.unsubscribeKey, s.id)
    expect(jobs[0]!.payload).toMatchObject({
      kind: 'saved-search',
      title: 'New space for “Barrie”',
      body: 'Barrie basement · $75/mo · Barrie',
      url: `/storages/${l.id}`,
      unsubscribeUrl: `/unsubscribe?search=${s.id}&t=${token}`,
    })
    expect(await emailsTo(omar)).toHaveLength(0)
  })

  it('alerts when an admin reactivates a host whose listings were taken out of search', async () => {
    const boss = await signUpVerified(server, { email: 'boss@example.com' })
    const kim = await signUp(server, { firstName: 'Kim' })
    const listing = await publish(
      { title: 'Sudbury garage', address: { street: '1 Elm St', city: 'Sudbury', state: 'ON', postalCode: 'P3E 1A1', country: 'CA' } },
      kim,
    )
    expect((await server.http('POST', `/api/admin/users/${kim.id}/deactivate`, { token: boss.token, json: { reason: 'checking' } })).status).toBe(200)
    const s = await save(rita, 'q=Sudbury')
    expect((await server.http('POST', `/api/admin/users/${kim.id}/reactivate`, { token: boss.token, json: { reason: 'all good' } })).status).toBe(200)
    const matched = await server.database.db.select().from(savedSearchMatches).where(eq(savedSearchMatches.savedSearchId, s.id))
    expect(matched.map((m) => m.storageId)).toEqual([listing.id])
    expect(await sendDue()).toBe(1)
  })

  it('two instances sending at once send one alert', async () => {
    const uma = await signUp(server, { firstName: 'Uma' })
    await save(uma, 'q=Sarnia')
    await publish({ title: 'Sarnia shed', address: { street: '1 Front St', city: 'Sarnia', state: 'ON', postalCode: 'N7T 1A1', country: 'CA' } })
    const app = server.app
    const instance = () =>
      sendDueAlerts({
        db: server.database.db,
        notify: (userId, kind, input) => app.push.notify(userId, kind, input),
        mailer: app.mailer,
        baseUrl: 'https://nookshare.test',
        unsubscribeKey: app.push.unsubscribeKey,
        now,
      })
    const sent = await Promise.all([instance(), instance(), instance()])
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1)
    expect(await emailsTo(uma)).toHaveLength(1)
  })

  it('alerts when the last booking holding a listing lets it go, not before', async () => {
    const nina = await signUp(server, { firstName: 'Nina' })
    const held = await publish({
      title: 'Oshawa garage',
      address: { street: '1 Simcoe St', city: 'Oshawa', state: 'ON', postalCode: 'L1H 1A1', country: 'CA' },
    })
    const hold = async () =>
      (
        await server.database.db
          .insert(bookings)
          .values({
            storageId: held.id,
            renterId: rita.id,
            hostId: host.id,
            state: 'accepted',
            startDate: now.toISOString().slice(0, 10),
            currency: 'CAD',
            listMonthlyCents: 12_000,
            quote: {} as never,
            expiresAt: new Date(now.getTime() + 48 * 3600_000),
          })
          .returning()
      )[0]!
    const [one, two] = [await hold(), await hold()]
    // Saved while the space was held: the listing existed, and only its coming free is news.
    const s = await save(nina, 'q=Oshawa')
    expect(await sendDue()).toBe(0)
    // One booking lets go, the other still holds the space: not free yet.
    expect(await moveBooking(server.database.db, one, 'cancel', 'renter', {}, now)).toBeTruthy()
    advance(1000)
    expect(await sendDue()).toBe(0)
    expect(await moveBooking(server.database.db, two, 'cancel', 'host', {}, now)).toBeTruthy()
    advance(1000)
    expect(await sendDue()).toBe(1)
    expect((await emailsTo(nina))[0]!.text).toContain(held.id)
    expect((await mySearch(nina, s.id)).newMatches).toBe(1)
  })
})

describe('the matcher agrees with the search', () => {
  it('matches a listing to a saved search exactly when GET /storages returns it for that search', async () => {
    const seekers = [await signUp(server, { firstName: 'Sam' }), await signUp(server, { firstName: 'Tess' })]
    const queries = [
      'q=Toronto',
      'q=montreal&type=garage',
      'q=garage bay',
      'q=m5h',
      'type=garage,parking&maxPrice=15000',
      'minPrice=8000&minSize=150',
      'features=locked',
      'features=indoor,locked',
      'setting=covered,outdoor',
      'vehicleLength=20',
      'noMinimum=true',
      'instantBook=true',
      'q=toronto&instantBook=true&noMinimum=true',
      'fit=sofa:1,box_medium:20',
      'fit=car_midsize:1',
      'fit=area:300',
      'near=43.6532,-79.3832&radiusKm=5',
      'near=45.5236,-73.5827&radiusKm=50&maxPrice=25000',
      'near=43.7,-79.4&radiusKm=8&q=toronto&features=indoor',
      'q=toronto&fit=fridge:1',
    ]
    const searches = []
    for (const [i, query] of queries.entries()) searches.push({ query, ...(await save(seekers[i % 2]!, query)) })
    const montreal = {
      address: { street: '4500 Rue Saint-Denis', city: 'Montréal', state: 'QC', postalCode: 'H2J 2L3', country: 'CA' },
      lat: 45.5236,
      lng: -73.5827,
    }
    const north = { lat: 43.75, lng: -79.41 }
    const listings = [
      {
        spaceType: 'garage',
        setting: 'indoor',
        vehicleMaxLengthFt: 18,
        features: ['indoor', 'drive_up'],
        widthFt: 10,
        lengthFt: 20,
        heightFt: 8,
        priceCents: 15_000,
      },
      {
        spaceType: 'parking',
        setting: 'covered',
        vehicleMaxLengthFt: 22,
        features: ['drive_up'],
        widthFt: 12,
        lengthFt: 24,
        priceCents: 9_000,
        minimumDays: 1,
      },
      {
        spaceType: 'other',
        setting: 'covered',
        vehicleMaxLengthFt: 30,
        features: ['vehicle_access'],
        widthFt: 12,
        lengthFt: 35,
        priceCents: 20_000,
        ...montreal,
      },
      { spaceType: 'garage', setting: 'outdoor', features: ['locked'], widthFt: 9, lengthFt: 18, heightFt: 5.5, priceCents: 8_000, ...montreal },
      { spaceType: 'parking', setting: 'outdoor', vehicleMaxLengthFt: 40, features: [], widthFt: 12, lengthFt: 45, priceCents: 7_000, ...north },
      {
        spaceType: 'shed',
        setting: 'covered',
        features: ['locked'],
        widthFt: 8,
        lengthFt: 10,
        heightFt: 7,
        priceCents: 5_000,
        minimumDays: 1,
        instantBook: true,
      },
      { spaceType: 'basement', features: ['indoor', 'locked'], widthFt: 10, lengthFt: 12, priceCents: 8_000, ...north },
      { spaceType: 'closet', setting: 'indoor', features: ['indoor'], widthFt: 3, lengthFt: 4, heightFt: 5, priceCents: 2_500, minimumDays: 1 },
      {
        spaceType: 'spare_room',
        setting: 'indoor',
        features: ['indoor', 'locked', 'climate_controlled'],
        widthFt: 12,
        lengthFt: 14,
        heightFt: 9,
        priceCents: 30_000,
        instantBook: true,
        ...north,
      },
    ]
    const ids = []
    for (const l of listings) ids.push((await publish(l)).id)
    const matched = await server.database.db.select().from(savedSearchMatches)
    for (const s of searches) {
      const res = await server.http('GET', `/api/storages?${new URLSearchParams(s.query).toString()}&limit=50`)
      expect(res.status).toBe(200)
      const found = new Set((res.body as { id: string }[]).map((l) => l.id))
      const expected = ids.filter((id) => found.has(id)).sort()
      const got = matched
        .filter((m) => m.savedSearchId === s.id)
        .map((m) => m.storageId)
        .sort()
      expect(got, s.query).toEqual(expected)
    }
    // The test means something: most searches match some of these listings and miss others.
    const sizes = searches.map((s) => matched.filter((m) => m.savedSearchId === s.id).length)
    expect(sizes.filter((n) => n > 0 && n < listings.length).length).toBeGreaterThan(queries.length / 2)
  })
})
