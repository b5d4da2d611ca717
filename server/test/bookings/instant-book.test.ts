// @module-tag postgres — instant bookings open under the listing's row lock; ten renters race for one space
// Instant Book over HTTP: who may book at once and why not, the booking confirmed by Stripe's webhook with no
// host step, the host's rules (ID, phone, rating, minimum and maximum stay, free dates) and the search filter.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { INSTANT_BOOK_TEXT } from '@contract/instant-book'
import { bookings } from '../../src/db/schema/bookings'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { messages } from '../../src/db/schema/messages'
import { reviews } from '../../src/db/schema/reviews'
import { userVerifications } from '../../src/db/schema/user-verifications'
import { act, bookingRow, ctx, day, hostWithListing, pay, renter, request, useBookingsServer } from './helpers'

useBookingsServer()

type Rules = Partial<{
  instantBook: boolean
  instantRequireId: boolean
  instantRequirePhone: boolean
  instantMinRating: number | null
  maximumDays: number | null
}>

/** A payment-ready host whose listing has Instant Book on with these rules. */
async function instantListing(rules: Rules = {}, opts: { ready?: boolean; minimumDays?: number } = {}) {
  const made = await hostWithListing(ctx, opts)
  const res = await ctx.server.http('PATCH', `/api/storages/${made.listing.id}`, { token: made.host.token, json: { instantBook: true, ...rules } })
  expect(res.status).toBe(200)
  return made
}

const verify = (userId: string, what: { id?: boolean; phone?: boolean }) =>
  ctx.server.database.db
    .insert(userVerifications)
    .values({
      userId,
      ...(what.id ? { identityStatus: 'verified' as const, identityVerifiedAt: new Date() } : {}),
      ...(what.phone ? { phone: '+14165550199', phoneVerifiedAt: new Date() } : {}),
    })
    .onConflictDoNothing()

const eligibility = (token: string, storageId: string, q: Record<string, string>) =>
  ctx.server.http('GET', `/api/storages/${storageId}/instant-book?${new URLSearchParams(q)}`, { token })

const bookNow = (token: string, storageId: string, body: Record<string, unknown> = {}) => request(ctx, token, { storageId, instant: true, ...body })

describe('Instant Book', () => {
  it('an eligible renter books at once; the payment confirms it with no host step, and both are told', async () => {
    const { host, listing } = await instantListing()
    const r = await renter(ctx)
    expect((await eligibility(r.token, listing.id, { startDate: day(10) })).body).toEqual({ eligible: true })

    const opened = await bookNow(r.token, listing.id)
    expect(opened.status).toBe(201)
    expect(opened.body).toMatchObject({ state: 'accepted', instant: true, role: 'renter' })
    // The same checkout as an accepted request; Stripe's verified webhook confirms it.
    const pushed = vi.spyOn(ctx.server.app.push, 'notify')
    await pay(ctx, r.token, opened.body.id)
    // Pushed at once to both: the host hears it was paid, the renter that it is confirmed.
    expect(pushed.mock.calls.map(([userId, , input]) => [userId, (input as { event?: string }).event])).toEqual(
      expect.arrayContaining([
        [host.id, 'paid'],
        [r.id, 'confirmed'],
      ]),
    )
    pushed.mockRestore()
    const row = await bookingRow(ctx, opened.body.id)
    expect(row.state).toBe('confirmed')
    expect(row.instant).toBe(true)
    expect(row.confirmedAt).not.toBeNull()

    const chat = await ctx.server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.isSystem, true), eq(messages.receiverId, host.id)))
    expect(chat.map((m) => m.content)).toEqual(
      expect.arrayContaining([expect.stringContaining('Booked with Instant book'), expect.stringContaining('Instant booking confirmed')]),
    )
    await expect
      .poll(async () => (await ctx.server.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'booking-confirmed'))).map((m) => m.to))
      .toEqual(expect.arrayContaining([host.email, r.email]))
    // The host answered nothing and can no longer: it is paid.
    const hostView = await ctx.server.http('GET', `/api/bookings/${opened.body.id}`, { token: host.token })
    expect(hostView.body.actions).not.toContain('accept')
  })

  it('an ineligible renter gets every reason, and "Book now" is refused with them (no booking)', async () => {
    const { listing } = await instantListing({ instantRequireId: true, instantRequirePhone: true, instantMinRating: 4 })
    const r = await renter(ctx)
    const answer = await eligibility(r.token, listing.id, { startDate: day(10) })
    expect(answer.body).toEqual({
      eligible: false,
      reasons: [INSTANT_BOOK_TEXT.id, INSTANT_BOOK_TEXT.phone, INSTANT_BOOK_TEXT.rating(4, null)],
    })
    expect(answer.body.reasons[1]).toBe('Instant book needs a verified phone — verify it in your profile.')
    const refused = await bookNow(r.token, listing.id)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toContain(INSTANT_BOOK_TEXT.phone)
    expect(await ctx.server.database.db.select().from(bookings).where(eq(bookings.renterId, r.id))).toEqual([])
    // Asking still works, as before.
    expect((await request(ctx, r.token, { storageId: listing.id })).body.state).toBe('requested')
  })

  it('verified ID and phone meet those rules; a rating from hosts meets the minimum, a lower one says so', async () => {
    const { listing } = await instantListing({ instantRequireId: true, instantRequirePhone: true, instantMinRating: 4 })
    const r = await renter(ctx)
    await verify(r.id, { id: true, phone: true })
    expect((await eligibility(r.token, listing.id, { startDate: day(10) })).body.reasons).toEqual([INSTANT_BOOK_TEXT.rating(4, null)])
    // A past stay elsewhere, reviewed by its host: 3 stars, then a second host's 4 (average 3.5, then 4 of 4.5).
    const other = await hostWithListing(ctx)
    const past = await request(ctx, r.token, { storageId: other.listing.id })
    const review = (rating: number, bookingId: string, hostId: string, storageId: string) =>
      ctx.server.database.db
        .insert(reviews)
        .values({ bookingId, storageId, authorRole: 'host', authorId: hostId, subjectId: r.id, rating, body: 'Left the space tidy.', publishedAt: new Date() })
    await review(3, past.body.id, other.host.id, other.listing.id)
    expect((await eligibility(r.token, listing.id, { startDate: day(10) })).body.reasons).toEqual([INSTANT_BOOK_TEXT.rating(4, 3)])
    const third = await hostWithListing(ctx)
    const past2 = await request(ctx, r.token, { storageId: third.listing.id })
    await review(5, past2.body.id, third.host.id, third.listing.id)
    expect((await eligibility(r.token, listing.id, { startDate: day(10) })).body).toEqual({ eligible: true })
  })

  it('a renter with no rating yet may book at once when the host asks for none', async () => {
    const { listing } = await instantListing({ instantMinRating: null })
    const r = await renter(ctx)
    expect((await eligibility(r.token, listing.id, { startDate: day(10), endDate: day(20) })).body).toEqual({ eligible: true })
  })

  it('the stay must be within the minimum and maximum; an open-ended stay needs an end date when there is a maximum', async () => {
    const { listing } = await instantListing({ maximumDays: 30 }, { minimumDays: 7 })
    const r = await renter(ctx)
    const reasons = async (q: Record<string, string>) => (await eligibility(r.token, listing.id, q)).body.reasons
    expect(await reasons({ startDate: day(10), endDate: day(12) })).toEqual([INSTANT_BOOK_TEXT.tooShort(7)])
    expect(await reasons({ startDate: day(10), endDate: day(50) })).toEqual([INSTANT_BOOK_TEXT.tooLong(30)])
    expect(await reasons({ startDate: day(10) })).toEqual([INSTANT_BOOK_TEXT.needsEnd(30)])
    expect((await eligibility(r.token, listing.id, { startDate: day(10), endDate: day(39) })).body).toEqual({ eligible: true })
    // The maximum holds for requests too: 400 naming the field.
    const long = await request(ctx, r.token, { storageId: listing.id, endDate: day(60) })
    expect(long.status).toBe(400)
    expect(long.body.field).toBe('endDate')
  })

  it('Instant Book off, an unpaid host, the own listing and a bad date each answer plainly', async () => {
    const off = await hostWithListing(ctx)
    const r = await renter(ctx)
    expect((await eligibility(r.token, off.listing.id, { startDate: day(10) })).body).toEqual({ eligible: false, reasons: [INSTANT_BOOK_TEXT.off] })
    expect((await bookNow(r.token, off.listing.id)).status).toBe(409)
    const unpaid = await instantListing({}, { ready: false })
    expect((await eligibility(r.token, unpaid.listing.id, { startDate: day(10) })).body.reasons).toEqual([INSTANT_BOOK_TEXT.payments])
    expect((await eligibility(unpaid.host.token, unpaid.listing.id, { startDate: day(10) })).body.eligible).toBe(false)
    const bad = await eligibility(r.token, off.listing.id, { startDate: 'soon' })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body)).toContain('startDate')
    expect((await ctx.server.http('GET', `/api/storages/${off.listing.id}/instant-book?startDate=${day(10)}`)).status).toBe(401)
    // An offer is always a question for the host.
    expect((await bookNow(r.token, off.listing.id, { offerCents: 5_000 })).status).toBe(400)
  })

  it('dates already held are refused with the reason; ten renters racing for the same dates get exactly one booking', async () => {
    const { listing } = await instantListing()
    const renters = await Promise.all(Array.from({ length: 10 }, () => renter(ctx)))
    const results = await Promise.all(renters.map((r) => bookNow(r.token, listing.id, { endDate: day(20) })))
    expect(results.filter((x) => x.status === 201)).toHaveLength(1)
    const refused = results.filter((x) => x.status !== 201)
    expect(refused.map((x) => x.status)).toEqual(Array(9).fill(409))
    // Refused before the lock (the request's own check names the days) or under it (Instant Book's reason).
    for (const x of refused)
      expect(
        x.body.message === INSTANT_BOOK_TEXT.taken || /^[A-Z][a-z]{2} \d{1,2} – [A-Z][a-z]{2} \d{1,2} are not available\.$/.test(x.body.message),
        x.body.message,
      ).toBe(true)
    const rows = await ctx.server.database.db.select().from(bookings).where(eq(bookings.storageId, listing.id))
    expect(rows).toHaveLength(1)
    // A later stay is free; an overlapping one is not.
    const late = renters[1]!
    expect((await eligibility(late.token, listing.id, { startDate: day(15), endDate: day(25) })).body.reasons).toEqual([INSTANT_BOOK_TEXT.taken])
    expect((await eligibility(late.token, listing.id, { startDate: day(21), endDate: day(25) })).body).toEqual({ eligible: true })
  })

  it('the host turning Instant Book off is seen by the next "Book now"', async () => {
    const { host, listing } = await instantListing()
    const r = await renter(ctx)
    await ctx.server.http('PATCH', `/api/storages/${listing.id}`, { token: host.token, json: { instantBook: false } })
    const res = await bookNow(r.token, listing.id)
    expect(res.status).toBe(409)
    expect(res.body.message).toBe(INSTANT_BOOK_TEXT.off)
    // A host cannot accept what nobody asked: the instant booking of another renter has no host step.
    expect((await act(ctx, host.token, 'not-a-booking', 'accept')).status).toBe(404)
  })

  it('search filters on Instant Book, and the listing says it', async () => {
    const on = await instantListing({ instantRequireId: true })
    const off = await hostWithListing(ctx)
    const found = await ctx.server.http('GET', '/api/storages?instantBook=true&limit=50')
    expect(found.status).toBe(200)
    const ids = (found.body as { id: string; instantBook: boolean }[]).map((s) => s.id)
    expect(ids).toContain(on.listing.id)
    expect(ids).not.toContain(off.listing.id)
    expect((found.body as { instantBook: boolean }[]).every((s) => s.instantBook)).toBe(true)
    const page = await ctx.server.http('GET', `/api/storages/${on.listing.id}`)
    expect(page.body).toMatchObject({ instantBook: true, instantRules: { requireId: true, requirePhone: false, minRating: null }, maximumDays: null })
    expect((await ctx.server.http('GET', '/api/storages?instantBook=maybe')).status).toBe(400)
    const bad = await ctx.server.http('PATCH', `/api/storages/${on.listing.id}`, { token: on.host.token, json: { instantMinRating: 9 } })
    expect(bad.status).toBe(400)
  })
})
