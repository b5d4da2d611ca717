// A renter's booking requests, and each party's view of their bookings (the routes: routes/create.ts): the
// stay priced and checked against the listing (dates, minimum and maximum stay, an offer under the price);
// a request, an offer or an instant booking opened through the process table; the lists with the
// time-driven steps applied on read, each booking with the parties' badges and any dispute.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { BOOKING_ERRORS, minimumStayText, type CreateBookingBodySchema, type QuoteBodySchema } from '@contract/booking'
import { INSTANT_BOOK_TEXT } from '@contract/instant-book'
import { TRUST_ERRORS } from '@contract/trust'
import { SAFETY_TEXT } from '@contract/safety'
import { stayDatesProblem } from '@contract/booking-dates'
import type { AuthState } from '../../../plugins/auth'
import { findBookingView, listBookingsOf, type BookingView } from './bookings'
import { assertDatesFree } from './availability'
import { openBooking, openInstantBooking } from './process'
import { instantBookProblems } from './instant-book'
import { findStorage } from '../../listings/service/storage-reads'
import { dayOf, expiresAtFrom, quote, stayDays } from './transitions'
import { verificationsOf, withBadges } from '../../safety/service/user-verifications'
import { withDisputes } from './with-disputes'
import { badRequest, conflict, forbidden, notFound } from '../../../errors'
import { checkNotBlocked } from '../../safety/service/blocks'
import { protectContactDetails } from '../../messaging/service/contact-protection'
import { bookingDto, notify, settleAndNotify } from './shared'

/** Checks the dates and the offer against the listing and prices the stay. */
export async function priceStay(app: FastifyInstance, body: z.infer<typeof QuoteBodySchema>, userId: string | null) {
  const found = await findStorage(app.db, body.storageId)
  const price = found?.storage.priceCents
  if (!found || found.storage.status !== 'active' || !price) throw notFound(BOOKING_ERRORS.unavailable)
  const { storage } = found
  if (userId && storage.hostId === userId) throw conflict(BOOKING_ERRORS.ownListing)
  // The schema checked the bounds already (contract/booking-dates.ts); the pricing below relies on them.
  const dates = stayDatesProblem(body, dayOf(new Date()))
  if (dates) throw badRequest(dates.message, dates.field)
  // An open-ended monthly stay runs until notice is given, so only a fixed end can fall short of the minimum.
  if (body.endDate && stayDays(body.startDate, body.endDate) < storage.minimumDays) throw badRequest(minimumStayText(storage.minimumDays), 'endDate')
  if (storage.maximumDays != null && (!body.endDate || stayDays(body.startDate, body.endDate) > storage.maximumDays))
    throw badRequest(body.endDate ? INSTANT_BOOK_TEXT.tooLong(storage.maximumDays) : INSTANT_BOOK_TEXT.needsEnd(storage.maximumDays), 'endDate')
  if (body.offerCents !== undefined && body.offerCents >= price) throw badRequest(BOOKING_ERRORS.offerTooHigh, 'offerCents')
  const q = quote({
    monthlyCents: body.offerCents ?? price,
    startDate: body.startDate,
    endDate: body.endDate ?? null,
    protection: body.protection,
    platformFeePercent: app.config.platformFeePercent,
  })
  return { storage, quote: q }
}

/** POST /bookings: a request, an offer (with offerCents) or an instant booking; the host is told. */
export async function requestBooking(app: FastifyInstance, user: AuthState['user'], body: z.infer<typeof CreateBookingBodySchema>, request: FastifyRequest) {
  const { storage, quote: q } = await priceStay(app, body, user.id)
  await checkNotBlocked(app.db, user.id, storage.hostId, SAFETY_TEXT.cannotBook)
  if (!user.emailVerified) throw forbidden(TRUST_ERRORS.emailForBooking)
  if (storage.requireVerifiedId && !(await verificationsOf(app.db, [user.id])).get(user.id)?.id) throw forbidden(TRUST_ERRORS.idForBooking)
  // Days already blocked or full are refused now (409 naming them), not after the host's answer; the
  // accept checks again, under the listing's lock, when the stay comes to hold the space.
  await assertDatesFree(app.db, storage.id, { startDate: body.startDate, endDate: body.endDate ?? null })
  const offer = body.offerCents !== undefined
  const values = {
    storageId: storage.id,
    renterId: user.id,
    hostId: storage.hostId,
    startDate: body.startDate,
    endDate: body.endDate ?? null,
    // The note reaches the host before anything is confirmed: contact details in it are masked as in a message.
    note: await protectContactDetails(app.db, user.id, storage.hostId, body.note),
    items: body.items ?? null,
    currency: storage.currency,
    listMonthlyCents: storage.priceCents!,
    offerCents: body.offerCents ?? null,
    protection: body.protection,
    quote: q,
    expiresAt: expiresAtFrom(new Date()),
  }
  let row
  if (body.instant) {
    // Re-read under the listing's lock: the host may have changed the rules, another renter taken the dates.
    const stay = { startDate: body.startDate, endDate: body.endDate ?? null }
    const opened = await openInstantBooking(app.db, values, async (tx) => {
      const now = await findStorage(tx, storage.id)
      return now ? instantBookProblems(tx, now.storage, user, stay) : [BOOKING_ERRORS.unavailable]
    })
    if (!opened.row) throw conflict(opened.reasons!.join(' '), 'instantBook')
    row = opened.row
  } else row = await openBooking(app.db, offer ? 'offer' : 'request', values)
  const view = (await findBookingView(app.db, row.id))!
  await notify(app, body.instant ? 'instant' : offer ? 'offered' : 'requested', view, row, 'renter', request)
  return (await withBadges(app.db, [bookingDto(view, user.id)]))[0]!
}

export async function bookingsOf(app: FastifyInstance, userId: string, offersOnly: boolean) {
  const views = await Promise.all((await listBookingsOf(app.db, userId, { offersOnly })).map((v) => settleAndNotify(app, v)))
  const dtos = await withDisputes(
    app.db,
    await withBadges(
      app.db,
      views.map((v) => bookingDto(v, userId)),
    ),
  )
  return { asRenter: dtos.filter((d) => d.role === 'renter'), asHost: dtos.filter((d) => d.role === 'host') }
}

/** One booking as its party sees it, with the badges and any dispute. */
export async function bookingForViewer(app: FastifyInstance, view: BookingView, userId: string) {
  return (await withDisputes(app.db, await withBadges(app.db, [bookingDto(view, userId)])))[0]!
}
