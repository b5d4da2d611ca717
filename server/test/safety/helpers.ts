// Reviews test setup: a paid booking walked through the real flow (request, accept, the stand-in's card
// pays through the webhook), then moved past its dates by rewriting them in the database ("time passes"):
// the next read settles it to completed through the booking process.
import { eq, sql } from 'drizzle-orm'
import { bookings } from '../../src/db/schema/bookings'
import { reviews } from '../../src/db/schema/reviews'
import { act, day, hostWithListing, pay, renter, request, type Ctx } from '../bookings/helpers'

export const TEXT = 'Clean, dry garage and a very friendly host.'

/** `startedDaysAgo`: how long an open-ended rental has run (40 by default: past its first month, so reviewable). */
export async function paidBooking(
  ctx: Ctx,
  opts: { ended?: boolean; openEnded?: boolean; startedDaysAgo?: number; listing?: Awaited<ReturnType<typeof hostWithListing>> } = {},
) {
  const hosted = opts.listing ?? (await hostWithListing(ctx))
  const r = await renter(ctx)
  const asked = await request(ctx, r.token, { storageId: hosted.listing.id, startDate: day(2), ...(opts.openEnded ? {} : { endDate: day(5) }) })
  if (asked.status !== 201) throw new Error(`request failed: ${asked.status} ${JSON.stringify(asked.body)}`)
  const id = asked.body.id as string
  const accepted = await act(ctx, hosted.host.token, id, 'accept')
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`)
  await pay(ctx, r.token, id)
  if (opts.ended !== false)
    await timePasses(ctx, id, opts.openEnded ? { start: day(-(opts.startedDaysAgo ?? 40)), end: null } : { start: day(-10), end: day(-3) })
  return { ...hosted, renter: r, bookingId: id }
}

/** Moves the booking's dates into the past (the next read settles it). */
export async function timePasses(ctx: Ctx, id: string, dates: { start: string; end: string | null }) {
  await ctx.server.database.db.update(bookings).set({ startDate: dates.start, endDate: dates.end }).where(eq(bookings.id, id))
}

/** Dates a booking's reviews back by `days` (their 14 days pass without waiting). */
export async function reviewsAge(ctx: Ctx, bookingId: string, days: number) {
  await ctx.server.database.db
    .update(reviews)
    .set({ createdAt: sql`created_at - ${`${days} days`}::interval` })
    .where(eq(reviews.bookingId, bookingId))
}

export const postReview = (ctx: Ctx, token: string, bookingId: string, json: unknown = { rating: 5, text: TEXT }) =>
  ctx.server.http('POST', `/api/bookings/${bookingId}/review`, { token, json })
