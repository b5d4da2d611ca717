// @module-tag postgres — evidence items and claims: caps under parallel requests
// Move-in and move-out evidence over HTTP: the two parties add photos and items and confirm; a change
// clears both confirmations; a third user sees nothing of it (list, detail, photo URL); the photo's
// capture time is kept; an upload repeated with the same client id stores one photo; nothing before the
// booking is paid; claims only within the 10-day window; admins see claims with the evidence; the purge
// deletes evidence 1 year after the booking ends.
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bookings, type BookingState } from '../../src/db/schema/bookings'
import { claims, evidenceChecks, evidencePhotos } from '../../src/db/schema/evidence'
import { purgeExpiredEvidence } from '../../src/modules/evidence/service/purge'
import { signUp, signUpVerified, startTestServer, type TestServer } from '../helpers'
import { createListing } from '../storage-fixtures'

const ADMIN = 'evidence-admin@example.com'
let server: TestServer
type U = Awaited<ReturnType<typeof signUp>>
let host: U, renter: U, third: U, admin: U
let storageId: string

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10)

beforeAll(async () => {
  server = await startTestServer({ adminEmails: [ADMIN] })
  host = await signUp(server, { firstName: 'Hana', lastName: 'Host' })
  renter = await signUp(server, { firstName: 'Rita', lastName: 'Renter' })
  third = await signUp(server, { firstName: 'Theo', lastName: 'Third' })
  admin = await signUpVerified(server, { email: ADMIN, firstName: 'Ada', lastName: 'Admin' })
  storageId = (await createListing(server, host.token)).id
})
afterAll(() => server.close())

/** A booking between the pair in the given state (the booking process itself is tested elsewhere). */
async function booking(state: BookingState, o: { start?: string; end?: string | null; confirmed?: boolean; renter?: U; paidCents?: number } = {}) {
  const [row] = await server.database.db
    .insert(bookings)
    .values({
      storageId,
      renterId: (o.renter ?? renter).id,
      hostId: host.id,
      paidCents: o.paidCents ?? 0,
      state,
      startDate: o.start ?? day(-3),
      endDate: o.end === undefined ? day(30) : o.end,
      currency: 'cad',
      listMonthlyCents: 12_000,
      quote: {
        kind: 'monthly',
        days: null,
        monthlyCents: 12_000,
        baseCents: 12_000,
        serviceFeeCents: 0,
        protectionCents: 0,
        firstPaymentCents: 12_000,
        recurringCents: 12_000,
        platformFeePercent: 10,
      },
      expiresAt: new Date(Date.now() + 86_400_000),
      confirmedAt: o.confirmed === false ? null : new Date(),
    })
    .returning()
  return row!.id
}

async function jpeg(opts: { taken?: string; color?: string } = {}) {
  const img = sharp({ create: { width: 80, height: 60, channels: 3, background: opts.color ?? '#c96' } }).jpeg()
  return (opts.taken ? img.withExif({ IFD0: { Make: 'Test' }, IFD2: { DateTimeOriginal: opts.taken } }) : img).toBuffer()
}

async function upload(u: U, bookingId: string, kind: string, clientId: string, bytes?: Buffer, utcOffset?: string) {
  const f = new FormData()
  f.append('clientId', clientId)
  if (utcOffset) f.append('utcOffset', utcOffset)
  f.append('photo', new Blob([new Uint8Array(bytes ?? (await jpeg()))], { type: 'image/jpeg' }), 'photo.jpg')
  return server.http('POST', `/api/evidence/bookings/${bookingId}/${kind}/photos`, { token: u.token, body: f })
}
const item = (u: U, bookingId: string, kind: string, name: string, note = '') =>
  server.http('POST', `/api/evidence/bookings/${bookingId}/${kind}/items`, { token: u.token, json: { name, note } })
const confirm = (u: U, bookingId: string, kind: string) => server.http('POST', `/api/evidence/bookings/${bookingId}/${kind}/confirm`, { token: u.token })
const detail = (u: U, bookingId: string) => server.http('GET', `/api/evidence/bookings/${bookingId}`, { token: u.token })
const check = (body: { checks: { kind: string }[] }, kind: string) => body.checks.find((c) => c.kind === kind) as any

describe('move-in and move-out checks', () => {
  it('both parties add photos and items and confirm; a change clears both confirmations', async () => {
    const id = await booking('active')
    expect((await upload(renter, id, 'move_in', crypto.randomUUID())).status).toBe(201)
    expect((await upload(host, id, 'move_in', crypto.randomUUID())).status).toBe(201)
    expect((await item(renter, id, 'move_in', 'Bike', 'Scratch on the frame')).status).toBe(201)
    expect((await item(host, id, 'move_in', 'Shelf', 'Empty, clean')).status).toBe(201)

    expect((await confirm(renter, id, 'move_in')).body).toEqual({ renterConfirmed: true, hostConfirmed: false })
    expect((await confirm(host, id, 'move_in')).body).toEqual({ renterConfirmed: true, hostConfirmed: true })
    let d = (await detail(host, id)).body
    const moveIn = check(d, 'move_in')
    expect(moveIn).toMatchObject({ photoCount: 2, itemCount: 2, renterConfirmed: true, hostConfirmed: true })
    expect(moveIn.items.map((i: any) => [i.name, i.note])).toEqual([
      ['Bike', 'Scratch on the frame'],
      ['Shelf', 'Empty, clean'],
    ])
    expect(moveIn.photos.map((p: any) => p.uploaderId)).toEqual([renter.id, host.id])

    // Adding after both confirmed: each side confirms again.
    expect((await item(host, id, 'move_in', 'Key', 'Spare key handed over')).status).toBe(201)
    d = (await detail(renter, id)).body
    expect(check(d, 'move_in')).toMatchObject({ itemCount: 3, renterConfirmed: false, hostConfirmed: false })

    // The chat's cards: counts only, for both sides.
    const cards = (await server.http('GET', `/api/evidence/with/${host.id}`, { token: renter.token })).body
    const mine = cards.bookings.find((b: any) => b.bookingId === id)
    expect(mine.role).toBe('renter')
    expect(mine.checks.map((c: any) => c.kind)).toEqual(['move_in', 'move_out'])
    expect(mine.checks[0]).toMatchObject({ photoCount: 2, itemCount: 3 })
    expect(mine.checks[0].photos).toBeUndefined()
  })

  it('keeps the photo’s capture time (EXIF DateTimeOriginal) and the server’s receive time', async () => {
    const id = await booking('confirmed', { start: day(2) })
    const before = Date.now()
    const res = await upload(renter, id, 'move_in', crypto.randomUUID(), await jpeg({ taken: '2026:03:04 10:11:12' }))
    expect(res.status).toBe(201)
    expect(res.body.capturedAt).toBe('2026-03-04T10:11:12.000Z')
    expect(Date.parse(res.body.receivedAt)).toBeGreaterThanOrEqual(before - 1000)
    const plain = await upload(renter, id, 'move_in', crypto.randomUUID())
    expect(plain.body.capturedAt).toBeNull()
    // A camera time without its own offset is the device's local time: read in the offset the device sent.
    const toronto = await upload(renter, id, 'move_in', crypto.randomUUID(), await jpeg({ taken: '2026:03:04 10:11:12' }), '-05:00')
    expect(toronto.body.capturedAt).toBe('2026-03-04T15:11:12.000Z')
    const odd = await upload(renter, id, 'move_in', crypto.randomUUID(), await jpeg(), 'EST')
    expect(odd.status).toBe(400)
    expect(odd.body.field).toBe('utcOffset')
    // The stored copy is re-encoded: the metadata (and any location) is gone.
    const bytes = Buffer.from(
      await (await fetch(`${server.base}/api/evidence/photos/${res.body.id}`, { headers: { authorization: `Bearer ${renter.token}` } })).arrayBuffer(),
    )
    expect((await sharp(bytes).metadata()).exif).toBeUndefined()
  })

  it('an upload repeated with the same client id stores one photo', async () => {
    const id = await booking('active')
    const clientId = crypto.randomUUID()
    const first = await upload(host, id, 'move_in', clientId)
    const again = await upload(host, id, 'move_in', clientId)
    const racing = await Promise.all([upload(host, id, 'move_in', clientId), upload(host, id, 'move_in', clientId)])
    expect(first.status).toBe(201)
    expect(again.status).toBe(200)
    expect(again.body.id).toBe(first.body.id)
    expect(racing.map((r) => r.body.id)).toEqual([first.body.id, first.body.id])
    expect(check((await detail(host, id)).body, 'move_in').photoCount).toBe(1)
  })

  it('a third user sees none of a booking’s evidence: cards, detail, photo URLs; nor can they add or confirm', async () => {
    const id = await booking('active')
    const photo = (await upload(renter, id, 'move_in', crypto.randomUUID())).body
    await item(renter, id, 'move_in', 'Sofa')
    expect((await detail(third, id)).status).toBe(404)
    expect((await server.http('GET', `/api/evidence/photos/${photo.id}`, { token: third.token })).status).toBe(404)
    expect((await server.http('GET', `/api/evidence/photos/${photo.id}`)).status).toBe(401)
    expect((await server.http('GET', `/api/evidence/with/${host.id}`, { token: third.token })).body).toEqual({ bookings: [] })
    expect((await server.http('GET', `/api/evidence/with/${renter.id}`, { token: third.token })).body).toEqual({ bookings: [] })
    expect((await upload(third, id, 'move_in', crypto.randomUUID())).status).toBe(404)
    expect((await item(third, id, 'move_in', 'Mine now')).status).toBe(404)
    expect((await confirm(third, id, 'move_in')).status).toBe(404)
    expect(check((await detail(renter, id)).body, 'move_in')).toMatchObject({ photoCount: 1, itemCount: 1, renterConfirmed: false })
    // The parties and admins do get the photo.
    for (const u of [renter, host, admin]) {
      const res = await fetch(`${server.base}/api/evidence/photos/${photo.id}`, { headers: { authorization: `Bearer ${u.token}` } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('image/jpeg')
    }
    expect((await detail(admin, id)).body.role).toBe('admin')
    expect((await upload(admin, id, 'move_in', crypto.randomUUID())).status).toBe(403)
  })

  it('is not available before the booking is confirmed (paid)', async () => {
    for (const state of ['requested', 'accepted'] as const) {
      const id = await booking(state, { confirmed: false })
      const res = await upload(renter, id, 'move_in', crypto.randomUUID())
      expect(res.status).toBe(409)
      expect(res.body.error).toBe('Checks open once the booking is confirmed (paid).')
      expect((await item(host, id, 'move_in', 'Box')).status).toBe(409)
      expect((await confirm(host, id, 'move_in')).status).toBe(409)
      expect((await server.http('GET', `/api/evidence/with/${host.id}`, { token: renter.token })).body.bookings.some((b: any) => b.bookingId === id)).toBe(
        false,
      )
    }
    // Before the start, only the move-in check.
    const upcoming = await booking('confirmed', { start: day(5) })
    expect(check((await detail(renter, upcoming)).body, 'move_out')).toBeUndefined()
    expect((await item(renter, upcoming, 'move_out', 'Box')).status).toBe(409)
  })

  it('validates the bodies (400 naming the field)', async () => {
    const id = await booking('active')
    const res = await item(renter, id, 'move_in', '')
    expect(res.status).toBe(400)
    expect(JSON.stringify(res.body)).toContain('name')
    const f = new FormData()
    f.append('photo', new Blob([new Uint8Array(await jpeg())], { type: 'image/jpeg' }), 'a.jpg')
    const noId = await server.http('POST', `/api/evidence/bookings/${id}/move_in/photos`, { token: renter.token, body: f })
    expect(noId.status).toBe(400)
    expect(noId.body.field).toBe('clientId')
    expect((await server.http('POST', `/api/evidence/bookings/${id}/garage/confirm`, { token: renter.token })).status).toBe(400)
  })
})

describe('claims', () => {
  const claim = (u: U, bookingId: string, body: Record<string, unknown>) =>
    server.http('POST', `/api/evidence/bookings/${bookingId}/claims`, {
      token: u.token,
      json: { basis: 'move_out', description: 'The bike frame was bent at move-out.', amountCents: 15_000, ...body },
    })

  it('within 10 days of the move-out: accepted, evidence attached, the other party emailed; admins see it with everything', async () => {
    const id = await booking('completed', { start: day(-40), end: day(-4) })
    const photo = (await upload(renter, id, 'move_out', crypto.randomUUID())).body
    const it1 = (await item(renter, id, 'move_out', 'Bike', 'Frame bent')).body
    // The move-out check was made on the last day (the window runs from it).
    await server.database.db
      .update(evidenceChecks)
      .set({ createdAt: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(evidenceChecks.bookingId, id))
    const res = await claim(renter, id, { items: ['Bike'], photoIds: [photo.id], itemIds: [it1.id] })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      amountCents: 15_000,
      currency: 'cad',
      claimantId: renter.id,
      respondentId: host.id,
      photoIds: [photo.id],
      itemIds: [it1.id],
    })

    const { emailOutbox } = await import('../../src/db/schema/email-outbox')
    const mails = await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, host.email))
    expect(mails.find((m) => m.template === 'claim-received')?.text).toContain('CA$150.00')

    // Evidence from another booking is refused.
    const other = await booking('active')
    const foreign = (await upload(renter, other, 'move_in', crypto.randomUUID())).body
    expect((await claim(renter, id, { photoIds: [foreign.id] })).status).toBe(400)
    // A third user cannot claim on it.
    expect((await claim(third, id, {})).status).toBe(404)

    const page = await server.http('GET', '/api/admin/claims', { token: admin.token })
    expect(page.status).toBe(200)
    const seen = page.body.items.find((c: any) => c.id === res.body.id)
    expect(seen.claimant).toMatchObject({ id: renter.id, email: renter.email })
    expect(seen.respondent).toMatchObject({ id: host.id, email: host.email })
    expect(seen.evidence.booking).toMatchObject({ id, currency: 'cad' })
    const out = check(seen.evidence, 'move_out')
    expect(out.photos.map((p: any) => p.id)).toEqual([photo.id])
    expect(out.items.map((i: any) => i.name)).toEqual(['Bike'])
    expect((await server.http('GET', '/api/admin/claims', { token: renter.token })).status).toBe(403)
    expect((await server.http('GET', '/api/admin/claims?page=zero', { token: renter.token })).status).toBe(403)
    expect((await server.http('GET', '/api/admin/claims')).status).toBe(401)
  })

  it('refused outside the window: 11 days after the move-out, before it, or an incident more than 10 days ago', async () => {
    const late = await booking('completed', { start: day(-60), end: day(-11) })
    const res = await claim(host, late, {})
    expect(res.status).toBe(409)
    expect(res.body.error).toBe('Claims must be made within 10 days of the move-out or of the incident.')
    expect((await claim(host, await booking('completed', { start: day(-60), end: day(-10) }), {})).status).toBe(201)

    const running = await booking('active', { start: day(-30), end: day(30) })
    expect((await claim(renter, running, {})).status).toBe(409)
    expect((await claim(renter, running, { basis: 'incident', incidentDate: day(-11) })).status).toBe(409)
    expect((await claim(renter, running, { basis: 'incident' })).status).toBe(400)
    expect((await claim(renter, running, { basis: 'incident', incidentDate: day(-31) })).status).toBe(400)
    expect((await claim(renter, running, { basis: 'incident', incidentDate: day(-2) })).status).toBe(201)
    expect((await claim(renter, running, { amountCents: 10.5 })).status).toBe(400)
  })
})

describe('limits on claims and evidence', () => {
  const claim = (u: U, bookingId: string, body: Record<string, unknown> = {}) =>
    server.http('POST', `/api/evidence/bookings/${bookingId}/claims`, {
      token: u.token,
      json: { basis: 'move_out', description: 'The shelf was cracked at move-out.', amountCents: 5_000, ...body },
    })
  const claimMails = async (to: string) => {
    const { emailOutbox } = await import('../../src/db/schema/email-outbox')
    return (await server.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, to))).filter((m) => m.template === 'claim-received')
  }

  it('after a block, the blocked side adds no photo, item or claim (403 saying why); the blocker still can', async () => {
    const blocked = await signUp(server, { firstName: 'Bea', lastName: 'Blocked' })
    const id = await booking('completed', { start: day(-40), end: day(-2), renter: blocked })
    expect((await item(blocked, id, 'move_out', 'Lamp', 'Before the block')).status).toBe(201)
    expect((await server.http('PUT', `/api/blocks/${blocked.id}`, { token: host.token })).status).toBe(200)
    const refusals = [
      await item(blocked, id, 'move_out', 'Lamp', 'After the block'),
      await upload(blocked, id, 'move_out', crypto.randomUUID()),
      await claim(blocked, id),
    ]
    for (const res of refusals) {
      expect(res.status).toBe(403)
      expect(res.body.error).toMatch(/^The other person has blocked contact with you, so you can no longer add to this booking’s checks or make a claim/)
    }
    expect((await claimMails(host.email)).filter((m) => m.text.includes('Bea Blocked'))).toEqual([])
    const items = check((await detail(host, id)).body, 'move_out').items.map((i: any) => i.note)
    expect(items).toEqual(['Before the block'])
    // The blocker's own evidence and claim go through.
    expect((await item(host, id, 'move_out', 'Shelf', 'Cracked')).status).toBe(201)
    expect((await claim(host, id)).status).toBe(201)
  })

  it('one claim per booking per side: a repeat is refused (409 naming bookingId) and emails nobody', async () => {
    const repeat = await signUp(server, { firstName: 'Reo', lastName: 'Repeat' })
    const id = await booking('completed', { start: day(-40), end: day(-2), renter: repeat })
    expect((await claim(repeat, id)).status).toBe(201)
    for (let i = 0; i < 2; i++) {
      const again = await claim(repeat, id)
      expect(again.status).toBe(409)
      expect(again.body).toMatchObject({ field: 'bookingId', error: expect.stringMatching(/^You already made a claim on this booking/) })
    }
    expect((await claimMails(host.email)).filter((m) => m.text.includes('Reo Repeat'))).toHaveLength(1)
    // The other side may still make its own.
    const own = await claim(host, id)
    expect(own.status).toBe(201)
  })

  it('a claim sent again with its Idempotency-Key (the first answer lost on the way) is made once: one row, one email, the same answer', async () => {
    const renterB = await signUp(server, { firstName: 'Ida', lastName: 'Queue' })
    const id = await booking('completed', { start: day(-40), end: day(-2), renter: renterB })
    const key = crypto.randomUUID()
    const send = () =>
      server.http('POST', `/api/evidence/bookings/${id}/claims`, {
        token: renterB.token,
        headers: { 'idempotency-key': key },
        json: { basis: 'move_out', description: 'The shelf was cracked at move-out.', amountCents: 5_000 },
      })
    const mailsBefore = (await claimMails(host.email)).length
    const first = await send()
    const again = await send()
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    expect(again.body.id).toBe(first.body.id)
    expect(await server.database.db.select().from(claims).where(eq(claims.bookingId, id))).toHaveLength(1)
    expect(await claimMails(host.email)).toHaveLength(mailsBefore + 1)
  })

  it('at most 3 claims a day per person across bookings (429 with Retry-After)', async () => {
    const busy = await signUp(server, { firstName: 'Bo', lastName: 'Busy' })
    const ids = [] as string[]
    for (let i = 0; i < 4; i++) ids.push(await booking('completed', { start: day(-40), end: day(-2), renter: busy }))
    for (const id of ids.slice(0, 3)) expect((await claim(busy, id)).status).toBe(201)
    const fourth = await claim(busy, ids[3]!)
    expect(fourth.status).toBe(429)
    expect(fourth.body.error).toBe('You can make at most 3 claims a day. Please try again tomorrow.')
    expect(Number(fourth.headers.get('retry-after'))).toBeGreaterThan(86_000)
  })

  it('the amount is at most what was paid for the booking, or $1,000 when that is more (400 naming amountCents)', async () => {
    const big = await signUp(server, { firstName: 'Amy', lastName: 'Amount' })
    const cheap = await booking('completed', { start: day(-40), end: day(-2), renter: big, paidCents: 2_181 })
    // The form reads the limit from the booking's evidence.
    expect((await detail(big, cheap)).body.claimMaxCents).toBe(100_000)
    const huge = await claim(big, cheap, { amountCents: 99_999_999 })
    expect(huge.status).toBe(400)
    expect(huge.body).toMatchObject({ field: 'amountCents', error: expect.stringMatching(/^amountCents must be at most CA\$1,000\.00 for this booking/) })
    expect((await claim(big, cheap, { amountCents: 100_001 })).status).toBe(400)
    expect((await claim(big, cheap, { amountCents: 100_000 })).status).toBe(201)
    const dear = await booking('completed', { start: day(-40), end: day(-2), renter: big, paidCents: 250_000 })
    expect((await detail(big, dear)).body.claimMaxCents).toBe(250_000)
    expect((await claim(big, dear, { amountCents: 250_001 })).body.error).toMatch(/at most CA\$2,500\.00/)
    expect((await claim(big, dear, { amountCents: 250_000 })).status).toBe(201)
  })
})

describe('purge', () => {
  it('deletes the evidence and claims 1 year after the booking ends, and keeps the rest', async () => {
    const old = await booking('completed', { start: day(-420), end: day(-367) })
    const recent = await booking('completed', { start: day(-400), end: day(-360) })
    const running = await booking('active', { start: day(-500), end: null })
    for (const id of [old, recent, running]) await upload(renter, id, 'move_in', crypto.randomUUID())
    // Claims made back then (the window has long closed; the row is what matters).
    for (const id of [old, recent]) {
      await server.database.db.insert(claims).values({
        bookingId: id,
        claimantId: renter.id,
        respondentId: host.id,
        basis: 'move_out',
        description: 'Water damage',
        amountCents: 100,
        currency: 'cad',
      })
    }
    const photoOf = async (id: string) =>
      server.database.db
        .select({ id: evidencePhotos.id })
        .from(evidencePhotos)
        .innerJoin(evidenceChecks, eq(evidenceChecks.id, evidencePhotos.checkId))
        .where(eq(evidenceChecks.bookingId, id))
    const oldPhoto = (await photoOf(old))[0]!.id

    const result = await purgeExpiredEvidence(server.database.db)
    expect(result.checks).toBeGreaterThanOrEqual(1)
    expect(await photoOf(old)).toEqual([])
    expect((await photoOf(recent)).length).toBe(1)
    expect((await photoOf(running)).length).toBe(1)
    expect(await server.database.db.select().from(claims).where(eq(claims.bookingId, old))).toEqual([])
    expect((await server.database.db.select().from(claims).where(eq(claims.bookingId, recent))).length).toBe(1)
    expect((await server.http('GET', `/api/evidence/photos/${oldPhoto}`, { token: renter.token })).status).toBe(404)

    // Seven days on, the recent one has passed its year too.
    await purgeExpiredEvidence(server.database.db, new Date(Date.now() + 7 * 86_400_000))
    expect(await photoOf(recent)).toEqual([])
    expect((await photoOf(running)).length).toBe(1)
    const n = await server.database.db.execute(sql`select count(*)::int as n from evidence_checks where booking_id = ${running}`)
    expect(Number((((n as unknown as { rows?: unknown[] }).rows ?? n) as { n: number }[])[0]!.n)).toBe(1)
  })
})
