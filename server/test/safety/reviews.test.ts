// @module-tag postgres — review windows from stored dates; one review per booking
// Reviews after a stay (issue 24): who may post, one per side, hidden until both posted or 14 days,
// edits until published, the host's one answer, an admin's hide, and the listing's rating and sort.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminAuditLog } from '../../src/db/schema/admin-audit-log'
import { emailOutbox } from '../../src/db/schema/email-outbox'
import { admin, ctx, hostWithListing, renter, request, act, day, useBookingsServer } from '../bookings/helpers'
import { signUp } from '../helpers'
import { addMonths } from '@contract/booking-dates'
import { formatDay } from '@contract/format-date'
import { paidBooking, postReview, reviewsAge, TEXT, timePasses } from './helpers'

useBookingsServer()

const get = (path: string, token?: string) => ctx.server.http('GET', path, { token })

describe('who may review', () => {
  it('the renter and host of an ended, paid booking each post once; a second post is 409', async () => {
    const b = await paidBooking(ctx)
    const mine = await postReview(ctx, b.renter.token, b.bookingId, { rating: 4, text: TEXT })
    expect(mine.status).toBe(201)
    expect(mine.body).toMatchObject({ rating: 4, text: TEXT, authorRole: 'renter', published: false, editable: true })
    expect((await postReview(ctx, b.renter.token, b.bookingId)).status).toBe(409)
    expect((await postReview(ctx, b.host.token, b.bookingId)).status).toBe(201)
    expect((await postReview(ctx, b.host.token, b.bookingId)).status).toBe(409)
  })

  it('a third user gets 403, an unknown booking 404', async () => {
    const b = await paidBooking(ctx)
    const stranger = await signUp(ctx.server, { firstName: 'Sam' })
    expect((await postReview(ctx, stranger.token, b.bookingId)).status).toBe(403)
    expect((await get(`/api/bookings/${b.bookingId}/reviews`, stranger.token)).status).toBe(403)
    expect((await postReview(ctx, b.renter.token, 'no-such-booking')).status).toBe(404)
  })

  it('an unpaid booking, or a paid one before its move-out day, cannot be reviewed (409)', async () => {
    const hosted = await hostWithListing(ctx)
    const r = await renter(ctx)
    const asked = await request(ctx, r.token, { storageId: hosted.listing.id, startDate: day(2), endDate: day(4) })
    await act(ctx, hosted.host.token, asked.body.id, 'accept')
    const unpaid = await postReview(ctx, r.token, asked.body.id)
    expect(unpaid.status).toBe(409)
    expect(unpaid.body.message).toMatch(/paid/)
    const upcoming = await paidBooking(ctx, { ended: false })
    expect((await postReview(ctx, upcoming.renter.token, upcoming.bookingId)).status).toBe(409)
    const status = await get(`/api/bookings/${upcoming.bookingId}/reviews`, upcoming.renter.token)
    expect(status.body).toMatchObject({ canReview: false, mine: null })
    // Under way, a fixed stay opens its reviews on its move-out day, not before.
    await timePasses(ctx, upcoming.bookingId, { start: day(-5), end: day(3) })
    const early = await postReview(ctx, upcoming.renter.token, upcoming.bookingId)
    expect(early.status).toBe(409)
    expect(early.body.message).toBe(`You can review this rental from ${formatDay(day(3))}, its move-out day.`)
    await timePasses(ctx, upcoming.bookingId, { start: day(-8), end: day(0) })
    expect((await get(`/api/bookings/${upcoming.bookingId}/reviews`, upcoming.renter.token)).body).toMatchObject({ canReview: true })
    expect((await postReview(ctx, upcoming.renter.token, upcoming.bookingId)).status).toBe(201)
  })

  it('a rolling monthly rental cannot be reviewed two days in (409 saying when), only once its first paid month is over', async () => {
    const b = await paidBooking(ctx, { openEnded: true, startedDaysAgo: 2 })
    const opens = formatDay(addMonths(day(-2), 1))
    for (const token of [b.renter.token, b.host.token]) {
      const refused = await postReview(ctx, token, b.bookingId)
      expect(refused.status).toBe(409)
      expect(refused.body.message).toBe(`You can review this rental from ${opens}, after its first month.`)
      const status = await get(`/api/bookings/${b.bookingId}/reviews`, token)
      expect(status.body).toMatchObject({ canReview: false, mine: null, reason: refused.body.message })
    }
    await timePasses(ctx, b.bookingId, { start: addMonths(day(-2), -1), end: null }) // exactly one month in
    expect((await get(`/api/bookings/${b.bookingId}/reviews`, b.renter.token)).body.canReview).toBe(true)
    expect((await postReview(ctx, b.renter.token, b.bookingId)).status).toBe(201)
    // The host may answer with theirs as soon as one side has posted.
    expect((await postReview(ctx, b.host.token, b.bookingId)).status).toBe(201)
  })

  it('a rolling rental stays reviewable after a move-out notice sets its last day', async () => {
    const b = await paidBooking(ctx, { openEnded: true })
    const notice = await act(ctx, b.renter.token, b.bookingId, 'end')
    expect(notice.status).toBe(200)
    expect(notice.body).toMatchObject({ state: 'active', endDate: expect.any(String) })
    expect((await get(`/api/bookings/${b.bookingId}/reviews`, b.host.token)).body.canReview).toBe(true)
    expect((await postReview(ctx, b.host.token, b.bookingId)).status).toBe(201)
  })

  it('a paid booking cancelled before the stay cannot be reviewed (409 saying so)', async () => {
    const b = await paidBooking(ctx, { ended: false })
    expect((await act(ctx, b.host.token, b.bookingId, 'cancel')).body.state).toBe('cancelled')
    const refused = await postReview(ctx, b.renter.token, b.bookingId)
    expect(refused.status).toBe(409)
    expect(refused.body.message).toMatch(/cancelled/)
  })

  it('stars and text are checked: 400 naming the field', async () => {
    const b = await paidBooking(ctx)
    const stars = await postReview(ctx, b.renter.token, b.bookingId, { rating: 6, text: TEXT })
    expect(stars.body).toMatchObject({ statusCode: 400, field: 'rating' })
    const short = await postReview(ctx, b.renter.token, b.bookingId, { rating: 5, text: 'Too short' })
    expect(short.body).toMatchObject({ statusCode: 400, field: 'text' })
    const long = await postReview(ctx, b.renter.token, b.bookingId, { rating: 5, text: 'x'.repeat(1001) })
    expect(long.body).toMatchObject({ statusCode: 400, field: 'text' })
  })
})

describe('publication', () => {
  it('a review is hidden from the other side and the public until both have posted, then both publish together', async () => {
    const b = await paidBooking(ctx)
    const posted = await postReview(ctx, b.renter.token, b.bookingId, { rating: 5, text: TEXT })
    const hostView = await get(`/api/bookings/${b.bookingId}/reviews`, b.host.token)
    expect(hostView.body).toMatchObject({ canReview: true, theirs: null, theirsPosted: true })
    expect((await get(`/api/storages/${b.listing.id}/reviews`)).body.items).toEqual([])
    expect((await get(`/api/storages/${b.listing.id}`)).body.rating).toBeNull()

    await postReview(ctx, b.host.token, b.bookingId, { rating: 4, text: 'Rita was on time and left the space tidy.' })
    const after = await get(`/api/bookings/${b.bookingId}/reviews`, b.host.token)
    expect(after.body.theirs).toMatchObject({ id: posted.body.id, published: true, rating: 5 })
    expect(after.body.mine).toMatchObject({ published: true, editable: false })
    const renterView = await get(`/api/bookings/${b.bookingId}/reviews`, b.renter.token)
    expect(renterView.body.theirs).toMatchObject({ authorRole: 'host', rating: 4 })
    const page = await get(`/api/storages/${b.listing.id}/reviews`)
    expect(page.body.items.map((r: { id: string }) => r.id)).toEqual([posted.body.id])
    expect(page.body.rating).toEqual({ average: 5, count: 1 })
    expect((await get(`/api/storages/${b.listing.id}`)).body).toMatchObject({ rating: { average: 5, count: 1 }, host: { rating: { average: 5, count: 1 } } })
    // Both sides are told by email.
    const mails = await ctx.server.database.db.select().from(emailOutbox).where(eq(emailOutbox.template, 'review-published'))
    expect(mails.map((m) => m.to)).toEqual(expect.arrayContaining([b.renter.email, b.host.email]))
  })

  it('a lone review publishes 14 days after it was posted, with no job running', async () => {
    const b = await paidBooking(ctx)
    const posted = await postReview(ctx, b.renter.token, b.bookingId, { rating: 3, text: TEXT })
    await reviewsAge(ctx, b.bookingId, 13)
    expect((await get(`/api/bookings/${b.bookingId}/reviews`, b.host.token)).body.theirs).toBeNull()
    await reviewsAge(ctx, b.bookingId, 1)
    expect((await get(`/api/bookings/${b.bookingId}/reviews`, b.host.token)).body.theirs).toMatchObject({ id: posted.body.id, published: true })
    const page = await get(`/api/storages/${b.listing.id}/reviews`)
    expect(page.body.items).toHaveLength(1)
    expect((await get(`/api/storages/${b.listing.id}`)).body.rating).toEqual({ average: 3, count: 1 })
  })

  it('the other side may post until the first review publishes alone; then their window is closed (written blind)', async () => {
    const b = await paidBooking(ctx)
    await postReview(ctx, b.renter.token, b.bookingId)
    const waiting = await get(`/api/bookings/${b.bookingId}/reviews`, b.host.token)
    expect(waiting.body).toMatchObject({ canReview: true, theirs: null, theirsPosted: true })
    const closesAt = new Date(waiting.body.closesAt).getTime()
    expect(Math.abs(closesAt - (Date.now() + 14 * 86_400_000))).toBeLessThan(60_000)
    // The renter's own view has no deadline: theirs is the review that waits.
    expect((await get(`/api/bookings/${b.bookingId}/reviews`, b.renter.token)).body.closesAt).toBeNull()

    await reviewsAge(ctx, b.bookingId, 14)
    const closed = await get(`/api/bookings/${b.bookingId}/reviews`, b.host.token)
    expect(closed.body).toMatchObject({ canReview: false, mine: null, closesAt: null, theirs: { authorRole: 'renter', published: true } })
    expect(closed.body.reason).toMatch(/time to review this booking has passed/)
    const late = await postReview(ctx, b.host.token, b.bookingId)
    expect(late.status).toBe(409)
    expect(late.body.message).toMatch(/time to review this booking has passed/)
  })

  it('the author edits before publication; after it, the edit is refused (409)', async () => {
    const b = await paidBooking(ctx)
    const posted = await postReview(ctx, b.renter.token, b.bookingId)
    const stranger = await signUp(ctx.server, { firstName: 'Sam' })
    expect((await ctx.server.http('PATCH', `/api/reviews/${posted.body.id}`, { token: stranger.token, json: { rating: 1 } })).status).toBe(404)
    expect((await ctx.server.http('PATCH', `/api/reviews/${posted.body.id}`, { token: b.host.token, json: { rating: 1 } })).status).toBe(404)
    const edited = await ctx.server.http('PATCH', `/api/reviews/${posted.body.id}`, { token: b.renter.token, json: { rating: 2 } })
    expect(edited.body).toMatchObject({ rating: 2, text: TEXT })
    await postReview(ctx, b.host.token, b.bookingId)
    const late = await ctx.server.http('PATCH', `/api/reviews/${posted.body.id}`, { token: b.renter.token, json: { rating: 5 } })
    expect(late.status).toBe(409)
  })
})

describe('the host answers', () => {
  it('once, publicly, and only after publication', async () => {
    const b = await paidBooking(ctx)
    const posted = await postReview(ctx, b.renter.token, b.bookingId)
    const answer = (token: string) =>
      ctx.server.http('POST', `/api/reviews/${posted.body.id}/response`, { token, json: { text: 'Thank you, come back soon!' } })
    expect((await answer(b.host.token)).status).toBe(404) // not published yet: the host cannot see it
    await reviewsAge(ctx, b.bookingId, 15)
    expect((await answer(b.renter.token)).status).toBe(403)
    expect((await answer(b.host.token)).status).toBe(201)
    expect((await answer(b.host.token)).status).toBe(409)
    const page = await get(`/api/storages/${b.listing.id}/reviews`)
    expect(page.body.items[0].response).toMatchObject({ text: 'Thank you, come back soon!' })
  })
})

describe('admins', () => {
  it('hide a review with a reason: audited, gone from the listing and its average, the author emailed', async () => {
    const b = await paidBooking(ctx)
    const posted = await postReview(ctx, b.renter.token, b.bookingId, { rating: 1, text: 'Rude words that break the rules here.' })
    await postReview(ctx, b.host.token, b.bookingId)
    expect((await get(`/api/storages/${b.listing.id}`)).body.rating).toEqual({ average: 1, count: 1 })
    const boss = await admin(ctx)
    const hide = (token: string, json: unknown) => ctx.server.http('POST', `/api/admin/reviews/${posted.body.id}/hide`, { token, json })
    expect((await hide(b.host.token, { reason: 'Abusive language' })).status).toBe(403)
    expect((await hide(boss.token, { reason: '' })).body).toMatchObject({ statusCode: 400, field: 'reason' })
    const hidden = await hide(boss.token, { reason: 'Abusive language' })
    expect(hidden.status).toBe(200)
    expect(hidden.body.hidden).toEqual({ reason: 'Abusive language' })
    const rows = await ctx.server.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, 'review.hide'), eq(adminAuditLog.targetId, posted.body.id)))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ reason: 'Abusive language', targetType: 'review', adminEmail: boss.email })
    expect((await get(`/api/storages/${b.listing.id}/reviews`)).body.items).toEqual([])
    expect((await get(`/api/storages/${b.listing.id}`)).body.rating).toBeNull()
    const mail = await ctx.server.database.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.template, 'review-hidden'), eq(emailOutbox.to, b.renter.email)))
    expect(mail).toHaveLength(1)
    expect(mail[0]!.text).toContain('Abusive language')
  })
})

describe('ratings on listings', () => {
  it('average and count over published renter reviews, pages newest first, and search sorts by rating', async () => {
    const hosted = await hostWithListing(ctx)
    const other = await hostWithListing(ctx)
    const ratings = [5, 4, 4, 5, 3, 5]
    const ids: string[] = []
    for (const rating of ratings) {
      const b = await paidBooking(ctx, { listing: hosted })
      ids.push((await postReview(ctx, b.renter.token, b.bookingId, { rating, text: TEXT })).body.id)
      await postReview(ctx, b.host.token, b.bookingId)
    }
    const low = await paidBooking(ctx, { listing: other })
    await postReview(ctx, low.renter.token, low.bookingId, { rating: 2, text: TEXT })
    await postReview(ctx, low.host.token, low.bookingId)

    const first = await get(`/api/storages/${hosted.listing.id}/reviews`)
    expect(first.body.rating).toEqual({ average: 4.3, count: 6 })
    expect(first.body.items).toHaveLength(5)
    const second = await get(`/api/storages/${hosted.listing.id}/reviews?cursor=${encodeURIComponent(first.body.nextCursor)}`)
    expect(second.body.nextCursor).toBeNull()
    expect([...first.body.items, ...second.body.items].map((r: { id: string }) => r.id)).toEqual([...ids].reverse())

    const sorted = await get('/api/storages?sort=rating&limit=50')
    const order = sorted.body.map((s: { id: string }) => s.id)
    expect(order.indexOf(hosted.listing.id)).toBeLessThan(order.indexOf(other.listing.id))
    expect(sorted.body.find((s: { id: string }) => s.id === hosted.listing.id).rating).toEqual({ average: 4.3, count: 6 })
    expect((await get('/api/storages?sort=stars')).body).toMatchObject({ statusCode: 400, field: 'sort' })
  })
})
