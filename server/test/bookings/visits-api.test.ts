// @module-tag postgres — the reminder claim (UPDATE … RETURNING), the schedule's jsonb, the outbox key
// Visits arranged in a booking's chat, on a real database: inside the access hours only, proposed,
// countered, confirmed and declined by the booking's two people only, and reminded once, an hour
// before, across the March DST change.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { pushJobs, pushSubscriptions } from '../../src/db/schema/push'
import { storages } from '../../src/db/schema/storages'
import { visits } from '../../src/db/schema/visits'
import { zonedParts, type ZoneClock } from '@contract/access-hours'
import { startStripeStandIn } from '../../src/modules/payments/stand-in/stripe-stand-in'
import { act, hostWithListing, pay, renter, request, SECRET, type Ctx } from '../bookings/helpers'
import { signUp, startTestServer } from '../helpers'

let now: Date | null = null
let ctx: Ctx
beforeAll(async () => {
  const stripe = await startStripeStandIn()
  const server = await startTestServer(
    { stripeSecretKey: 'sk_test_nookshare', stripeApiUrl: stripe.url, stripeWebhookSecret: SECRET },
    { push: { manual: true, clock: () => now ?? new Date() } },
  )
  ctx = { server, stripe }
}, 240_000)
afterAll(async () => {
  await ctx.server.close()
  await ctx.stripe.close()
})

const WEEK = {
  timeZone: 'America/Toronto',
  weekly: [
    { days: ['mon', 'tue', 'wed', 'thu', 'fri'], open: '07:00', close: '22:00' },
    { days: ['sat', 'sun'], open: '09:00', close: '18:00' },
  ],
  exceptions: [{ date: '2027-03-13', closed: true }],
}

/** A host whose listing has the weekly hours, a renter, and their booking (paid unless `paid: false`). */
async function booked(opts: { paid?: boolean } = {}) {
  const { host, listing } = await hostWithListing(ctx)
  const patched = await ctx.server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { accessSchedule: WEEK } })
  expect(patched.status).toBe(200)
  const rita = await renter(ctx)
  const created = await request(ctx, rita.token, { storageId: listing.id })
  expect(created.status).toBe(201)
  const id = created.body.id as string
  expect((await act(ctx, host.token, id, 'accept')).status).toBe(200)
  if (opts.paid !== false) await pay(ctx, rita.token, id)
  return { host, rita, bookingId: id, listing }
}

const propose = (token: string, bookingId: string, json: Record<string, unknown>) =>
  ctx.server.http('POST', `/api/bookings/${bookingId}/visits`, { token, json })
const respond = (token: string, id: string, action: string) => ctx.server.http('POST', `/api/visits/${id}/respond`, { token, json: { action } })

describe('access hours on the listing', () => {
  it('the listing keeps the schedule, and a 24/7 schedule makes it a "24/7 access" listing in search', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const allDay = { weekly: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], open: '00:00', close: '24:00' }] }
    const res = await ctx.server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { accessSchedule: allDay } })
    expect(res.status).toBe(200)
    // No zone given: the province's (the fixture is in Ontario).
    expect(res.body.accessSchedule).toMatchObject({ timeZone: 'America/Toronto', exceptions: [] })
    expect(res.body.features).toContain('access_24_7')
    const found = await ctx.server.http('GET', `/api/storages?features=access_24_7&limit=50`)
    expect(found.body.map((s: { id: string }) => s.id)).toContain(listing.id)

    const weekdays = await ctx.server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { accessSchedule: WEEK } })
    expect(weekdays.body.features).not.toContain('access_24_7')
    const after = await ctx.server.http('GET', `/api/storages?features=access_24_7&limit=50`)
    expect(after.body.map((s: { id: string }) => s.id)).not.toContain(listing.id)
  })

  it("the listing and the renter's door card carry the zone's clock for the coming year; search and the stored schedule do not", async () => {
    const { rita, bookingId, listing } = await booked()
    const shown = await ctx.server.http('GET', `/api/storages/${listing.id}`)
    const card = await ctx.server.http('GET', `/api/bookings/${bookingId}/door-card`, { token: rita.token })
    const now = Date.now()
    for (const schedule of [shown.body.accessSchedule, card.body.access.schedule]) {
      expect(schedule).toMatchObject(WEEK)
      const clock = schedule.clock as ZoneClock
      expect(Date.parse(clock.offsets[0]!.from)).toBeLessThanOrEqual(now)
      expect(Date.parse(clock.until)).toBeGreaterThan(now + 360 * 86_400_000)
      // Toronto's two changes of the coming year, and the wall clock it tells agrees with Intl's.
      expect(clock.offsets.map((o) => o.minutes)).toEqual(expect.arrayContaining([-300, -240]))
      for (let t = now; t < Date.parse(clock.until); t += 86_400_000 / 3)
        expect(zonedParts(new Date(t), WEEK.timeZone, clock)).toEqual(zonedParts(new Date(t), WEEK.timeZone))
    }
    const found = await ctx.server.http('GET', `/api/storages?limit=50`)
    const hit = found.body.find((s: { id: string }) => s.id === listing.id)
    expect(hit.accessSchedule).toEqual({ ...WEEK })
    const [row] = await ctx.server.database.db.select().from(storages).where(eq(storages.id, listing.id))
    expect(row!.accessSchedule).toEqual(WEEK)
  })

  it('a bad window is refused naming the field', async () => {
    const { host, listing } = await hostWithListing(ctx)
    const res = await ctx.server.http('PATCH', `/api/storages/${listing.id}`, {
      token: host.token,
      json: { accessSchedule: { weekly: [{ days: ['mon'], open: '18:00', close: '09:00' }] } },
    })
    expect(res.status).toBe(400)
    expect(res.body.field).toBe('accessSchedule.weekly.0.close')
  })
})

describe('visits', () => {
  it("a visit outside the access hours is refused naming the field and that day's hours", async () => {
    const { rita, bookingId } = await booked()
    // Saturday 2027-03-06 8:00 Toronto (EST): before the 9:00 opening.
    const early = await propose(rita.token, bookingId, { kind: 'drop_off', startsAt: '2027-03-06T13:00:00Z', minutes: 30 })
    expect(early.status).toBe(409)
    expect(early.body.field).toBe('startsAt')
    expect(early.body.error).toContain('open 9:00–18:00 (Toronto time)')
    // The Saturday made an exception: closed.
    const closed = await propose(rita.token, bookingId, { kind: 'drop_off', startsAt: '2027-03-13T16:00:00Z', minutes: 30 })
    expect(closed.status).toBe(409)
    expect(closed.body.error).toContain('closed')
    const bad = await propose(rita.token, bookingId, { kind: 'party', startsAt: '2027-03-06T15:00:00Z', minutes: 30 })
    expect(bad.status).toBe(400)
    expect(bad.body.field).toBe('kind')
  })

  it('the renter proposes, the host counters, the renter confirms; both see it confirmed', async () => {
    const { host, rita, bookingId } = await booked()
    const first = await propose(rita.token, bookingId, { kind: 'move_in', startsAt: '2027-03-06T15:00:00Z', minutes: 30 })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({ status: 'proposed', proposedByMe: true, timeZone: 'America/Toronto' })
    // The proposer cannot confirm their own proposal.
    expect((await respond(rita.token, first.body.id, 'confirm')).status).toBe(409)
    const counter = await ctx.server.http('POST', `/api/visits/${first.body.id}/counter`, {
      token: host.token,
      json: { startsAt: '2027-03-06T16:00:00Z', minutes: 60 },
    })
    expect(counter.status).toBe(201)
    const confirmed = await respond(rita.token, counter.body.id, 'confirm')
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.status).toBe('confirmed')
    const hostSees = await ctx.server.http('GET', `/api/visits/with/${rita.id}`, { token: host.token })
    const visitsSeen = hostSees.body.bookings.find((b: { bookingId: string }) => b.bookingId === bookingId).visits
    expect(visitsSeen.map((v: { status: string }) => v.status)).toEqual(['replaced', 'confirmed'])
    const onBooking = await ctx.server.http('GET', `/api/bookings/${bookingId}/visits`, { token: rita.token })
    expect(onBooking.body.at(-1)).toMatchObject({ status: 'confirmed', minutes: 60, kind: 'move_in' })
  })

  it('the other side declines; the proposer may cancel a confirmed visit', async () => {
    const { host, rita, bookingId } = await booked()
    const a = await propose(host.token, bookingId, { kind: 'pick_up', startsAt: '2027-03-08T15:00:00Z', minutes: 30 })
    expect((await respond(rita.token, a.body.id, 'decline')).body.status).toBe('declined')
    expect((await respond(host.token, a.body.id, 'confirm')).status).toBe(409)
    const b = await propose(host.token, bookingId, { kind: 'pick_up', startsAt: '2027-03-08T16:00:00Z', minutes: 30 })
    await respond(rita.token, b.body.id, 'confirm')
    expect((await respond(host.token, b.body.id, 'cancel')).body.status).toBe('cancelled')
  })

  it("only the booking's two people see or touch its visits", async () => {
    const { rita, bookingId } = await booked()
    const v = await propose(rita.token, bookingId, { kind: 'move_in', startsAt: '2027-03-06T15:00:00Z', minutes: 30 })
    const stranger = await signUp(ctx.server, { firstName: 'Sam' })
    expect((await propose(stranger.token, bookingId, { kind: 'move_in', startsAt: '2027-03-06T15:00:00Z', minutes: 30 })).status).toBe(404)
    expect((await respond(stranger.token, v.body.id, 'confirm')).status).toBe(404)
    expect((await ctx.server.http('GET', `/api/bookings/${bookingId}/visits`, { token: stranger.token })).status).toBe(404)
    const pair = await ctx.server.http('GET', `/api/visits/with/${rita.id}`, { token: stranger.token })
    expect(pair.body.bookings).toEqual([])
  })

  it('an accepted, unpaid booking arranges only its move-in', async () => {
    const { rita, bookingId } = await booked({ paid: false })
    expect((await propose(rita.token, bookingId, { kind: 'drop_off', startsAt: '2027-03-06T15:00:00Z', minutes: 30 })).status).toBe(409)
    expect((await propose(rita.token, bookingId, { kind: 'move_in', startsAt: '2027-03-06T15:00:00Z', minutes: 30 })).status).toBe(201)
  })

  it('a proposal sent twice with one key (the outbox) makes one visit', async () => {
    const { rita, bookingId } = await booked()
    const json = { kind: 'move_in', startsAt: '2027-03-06T15:00:00Z', minutes: 30, clientId: 'visit-outbox-key-1' }
    const [a, b] = await Promise.all([propose(rita.token, bookingId, json), propose(rita.token, bookingId, json)])
    expect(a.body.id).toBe(b.body.id)
    const rows = await ctx.server.database.db.select().from(visits).where(eq(visits.bookingId, bookingId))
    expect(rows).toHaveLength(1)
  })

  it('reminds both once, an hour before, at 13:00Z for 10:00 Toronto on the spring-forward Sunday', async () => {
    const { host, rita, bookingId } = await booked()
    // Sunday 2027-03-14, the day clocks go forward: 10:00 EDT is 14:00Z (it would be 15:00Z a week before).
    const v = await propose(rita.token, bookingId, { kind: 'move_in', startsAt: '2027-03-14T14:00:00Z', minutes: 30 })
    expect(v.status).toBe(201)
    await respond(host.token, v.body.id, 'confirm')
    const sent = async (at: string) => {
      now = new Date(at)
      try {
        return await ctx.server.app.visitReminders.sendDue()
      } finally {
        now = null
      }
    }
    const emailsTo = async (to: string) =>
      (await ctx.server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((e) => e.template === 'visit-reminder')
    expect(await sent('2027-03-14T12:59:00Z')).toBe(0)
    expect(await emailsTo(rita.email)).toHaveLength(0)
    expect(await sent('2027-03-14T13:00:00Z')).toBe(1)
    expect(await sent('2027-03-14T13:01:00Z')).toBe(0)
    const [toRita] = await emailsTo(rita.email)
    expect(await emailsTo(host.email)).toHaveLength(1)
    expect(toRita!.text).toContain('Move-in visit · Sun, Mar 14, 10:00–10:30 Toronto time')
  })
})

describe('telling the other side', () => {
  const emails = async (to: string, template: string) =>
    (await ctx.server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((e) => e.template === template)

  it('a proposal tells the other side once (no push: an email with the time and the chat), not the proposer; answers tell the proposer', async () => {
    const { host, rita, bookingId } = await booked()
    const json = { kind: 'move_in', startsAt: '2027-03-06T15:00:00Z', minutes: 30, clientId: 'visit-notice-key-1' }
    const v = await propose(rita.token, bookingId, json)
    expect(v.status).toBe(201)
    expect((await propose(rita.token, bookingId, json)).body.id).toBe(v.body.id) // the outbox's resend
    const [toHost, ...more] = await emails(host.email, 'visit-proposed')
    expect(more).toHaveLength(0)
    expect(toHost!.subject).toMatch(/ proposed a move-in visit$/)
    expect(toHost!.text).toContain('Move-in visit · Sat, Mar 6, 10:00–10:30 Toronto time')
    expect(toHost!.text).toContain(`/messages?chat=${rita.id}`)
    expect(await emails(rita.email, 'visit-proposed')).toHaveLength(0)

    expect((await respond(host.token, v.body.id, 'confirm')).status).toBe(200)
    // The same answer again (a double tap, a resend): the visit as it is, no second notice.
    const again = await respond(host.token, v.body.id, 'confirm')
    expect(again.status).toBe(200)
    expect(again.body.status).toBe('confirmed')
    expect(await emails(rita.email, 'visit-confirmed')).toHaveLength(1)
    expect(await emails(host.email, 'visit-confirmed')).toHaveLength(0)
    // A different answer to an answered visit is still refused.
    expect((await respond(host.token, v.body.id, 'decline')).status).toBe(409)

    expect((await respond(rita.token, v.body.id, 'cancel')).status).toBe(200)
    expect((await respond(rita.token, v.body.id, 'cancel')).status).toBe(200)
    expect(await emails(host.email, 'visit-cancelled')).toHaveLength(1)
  })

  it('a declined proposal tells the proposer once', async () => {
    const { host, rita, bookingId } = await booked()
    const v = await propose(host.token, bookingId, { kind: 'pick_up', startsAt: '2027-03-08T15:00:00Z', minutes: 30 })
    await Promise.all([respond(rita.token, v.body.id, 'decline'), respond(rita.token, v.body.id, 'decline')])
    expect(await emails(host.email, 'visit-declined')).toHaveLength(1)
    expect(await emails(rita.email, 'visit-proposed')).toHaveLength(1)
  })

  it('with a push subscription the other side gets a push instead of the email', async () => {
    const { host, rita, bookingId } = await booked()
    await ctx.server.database.db
      .insert(pushSubscriptions)
      .values({ userId: host.id, endpoint: `https://push.example.com/${host.id}`, p256dh: 'p256dh', auth: 'auth' })
    await propose(rita.token, bookingId, { kind: 'move_in', startsAt: '2027-03-06T15:00:00Z', minutes: 30 })
    const jobs = await ctx.server.database.db.select().from(pushJobs).where(eq(pushJobs.userId, host.id))
    const notice = jobs.filter((j) => j.dedupeKey.includes('visit-proposed'))
    expect(notice).toHaveLength(1)
    expect(notice[0]!.payload).toMatchObject({ title: 'Visit proposed', url: `/messages?chat=${rita.id}` })
    expect((notice[0]!.payload as { body: string }).body).toContain('Sat, Mar 6, 10:00–10:30 Toronto time')
    expect(await emails(host.email, 'visit-proposed')).toHaveLength(0)
  })

  it("a visit change ends the chat's unchanged polls", async () => {
    const { host, rita, bookingId } = await booked()
    const first = await ctx.server.http('GET', `/api/messages/${rita.id}`, { token: host.token })
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    expect((await ctx.server.http('GET', `/api/messages/${rita.id}`, { token: host.token, headers: { 'if-none-match': etag } })).status).toBe(304)
    await propose(rita.token, bookingId, { kind: 'move_in', startsAt: '2027-03-06T15:00:00Z', minutes: 30 })
    const after = await ctx.server.http('GET', `/api/messages/${rita.id}`, { token: host.token, headers: { 'if-none-match': etag } })
    expect(after.status).toBe(200)
    expect(after.body.visitsAt).toEqual(expect.any(String))
  })
})

describe('"Other time" sent again', () => {
  it('a counter resent with its clientId (after a lost answer) is one counter and one notice', async () => {
    const { host, rita, bookingId } = await booked()
    const first = await propose(rita.token, bookingId, { kind: 'move_in', startsAt: '2027-03-06T15:00:00Z', minutes: 30 })
    const json = { startsAt: '2027-03-06T16:00:00Z', minutes: 60, clientId: 'counter-outbox-key-1' }
    const counter = (token: string) => ctx.server.http('POST', `/api/visits/${first.body.id}/counter`, { token, json })
    const [a, b] = await Promise.all([counter(host.token), counter(host.token)])
    expect([a.status, b.status]).toEqual([201, 201])
    expect(b.body.id).toBe(a.body.id)
    const later = await counter(host.token)
    expect(later.status).toBe(201)
    expect(later.body.id).toBe(a.body.id)
    const rows = await ctx.server.database.db.select().from(visits).where(eq(visits.bookingId, bookingId))
    expect(rows.map((r) => r.status).sort()).toEqual(['proposed', 'replaced'])
    const told = (await ctx.server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, rita.email))).filter((e) => e.template === 'visit-countered')
    expect(told).toHaveLength(1)
    // The key is the counter's own: the proposer's key on another visit is not it.
    expect((await counter(rita.token)).status).toBe(409)
  })
})

describe('blocked days', () => {
  it('a visit on a day the host blocked is refused naming startsAt, and the chat knows the blocked days', async () => {
    const { host, rita, bookingId, listing } = await booked()
    const block = await ctx.server.http('POST', `/api/storages/${listing.id}/blocked-dates`, {
      token: host.token,
      json: { startDate: '2027-03-08', endDate: '2027-03-09', note: 'Painting' },
    })
    expect(block.status).toBe(201)
    // Monday 2027-03-08, 10:00 Toronto: inside the hours, but blocked.
    const refused = await propose(rita.token, bookingId, { kind: 'drop_off', startsAt: '2027-03-08T15:00:00Z', minutes: 30 })
    expect(refused.status).toBe(409)
    expect(refused.body.field).toBe('startsAt')
    expect(refused.body.error).toContain('blocked Mon, Mar 8')
    // The evening of the 7th in Toronto is already the 8th in UTC: the listing's zone decides.
    expect((await propose(rita.token, bookingId, { kind: 'drop_off', startsAt: '2027-03-08T01:00:00Z', minutes: 30 })).status).toBe(409)
    expect((await propose(rita.token, bookingId, { kind: 'drop_off', startsAt: '2027-03-07T22:00:00Z', minutes: 30 })).status).toBe(201)
    const other = await propose(host.token, bookingId, { kind: 'drop_off', startsAt: '2027-03-10T15:00:00Z', minutes: 30 })
    const counter = await ctx.server.http('POST', `/api/visits/${other.body.id}/counter`, {
      token: rita.token,
      json: { startsAt: '2027-03-09T15:00:00Z', minutes: 30 },
    })
    expect(counter.status).toBe(409)
    expect(counter.body.field).toBe('startsAt')
    const pair = await ctx.server.http('GET', `/api/visits/with/${host.id}`, { token: rita.token })
    const seen = pair.body.bookings.find((b: { bookingId: string }) => b.bookingId === bookingId)
    expect(seen.blockedDays).toEqual([{ startDate: '2027-03-08', endDate: '2027-03-09' }])
  })

  it('a proposal whose day the host blocks afterwards cannot be confirmed: another time is asked for', async () => {
    const { host, rita, bookingId, listing } = await booked()
    // Wednesday 2027-03-10, 10:00 Toronto: open, not blocked, when proposed.
    const asked = await propose(rita.token, bookingId, { kind: 'drop_off', startsAt: '2027-03-10T15:00:00Z', minutes: 30 })
    expect(asked.status).toBe(201)
    const block = await ctx.server.http('POST', `/api/storages/${listing.id}/blocked-dates`, {
      token: host.token,
      json: { startDate: '2027-03-10', endDate: '2027-03-10', note: 'Away' },
    })
    expect(block.status).toBe(201)
    const confirm = await ctx.server.http('POST', `/api/visits/${asked.body.id}/respond`, { token: host.token, json: { action: 'confirm' } })
    expect(confirm.status).toBe(409)
    expect(confirm.body.field).toBe('startsAt')
    const pair = await ctx.server.http('GET', `/api/visits/with/${host.id}`, { token: rita.token })
    expect(JSON.stringify(pair.body)).toContain('"status":"proposed"')
  })
})
