// POST /bookings/quote (the server-computed preview), POST /bookings (a request, or an offer when it
// carries offerCents), GET /bookings, GET /offers and GET /bookings/:id.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { BOOKING_ERRORS, BookingListSchema, BookingSchema, CreateBookingBodySchema, minimumStayText, QuoteBodySchema, QuoteSchema } from '@contract/booking'
import { findBookingView, listBookingsOf } from '../service/bookings'
import { assertDatesFree } from '../service/availability'
import { openBooking, openInstantBooking } from '../service/process'
import { instantBookProblems } from '../service/instant-book'
import { INSTANT_BOOK_TEXT } from '@contract/instant-book'
import { findStorage } from '../../listings/service/storage-reads'
import { dayOf, expiresAtFrom, quote, stayDays } from '../service/transitions'
import { TRUST_ERRORS } from '@contract/trust'
import { verificationsOf, withBadges } from '../../safety/service/user-verifications'
import { withDisputes } from '../service/with-disputes'
import { badRequest, conflict, forbidden, notFound } from '../../../errors'
import { SAFETY_TEXT } from '@contract/safety'
import { checkNotBlocked } from '../../safety/service/blocks'
import { protectContactDetails } from '../../messaging/service/contact-protection'
import { signedIn } from '../../../plugins/auth'
import { userOrIpKey } from '../../../plugins/rate-limits'
import { stayDatesProblem } from '@contract/booking-dates'
import { bookingDto, bookingForParty, notify, settleAndNotify } from '../service/shared'

const Params = z.object({ id: z.string().max(64) })
/** Quotes one user (or, signed out, one address) may ask for a minute. */
export const QUOTES_PER_MINUTE = 120

const createRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Checks the dates and the offer against the listing and prices the stay. */
  async function priced(body: z.infer<typeof QuoteBodySchema>, userId: string | null) {
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

  // Anyone may ask for a quote (the listing page's preview asks at each change): limited per user or address.
  app.post(
    '/bookings/quote',
    {
      config: { auth: 'optional', rateLimit: { max: QUOTES_PER_MINUTE, timeWindow: '1 minute', keyGenerator: userOrIpKey } },
      schema: { body: QuoteBodySchema, response: { 200: QuoteSchema } },
    },
    async (request) => {
      const auth = await request.auth()
      const { storage, quote: q } = await priced(request.body, auth?.user.id ?? null)
      return { ...q, currency: storage.currency }
    },
  )

  app.post(
    '/bookings',
    { schema: { body: CreateBookingBodySchema, response: { 201: BookingSchema } }, config: { auth: 'user', rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const { user } = signedIn(request)
      const body = request.body
      const { storage, quote: q } = await priced(body, user.id)
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
      return reply.status(201).send((await withBadges(app.db, [bookingDto(view, user.id)]))[0]!)
    },
  )

  async function listFor(userId: string, offersOnly: boolean) {
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

  app.get('/bookings', { config: { auth: 'user' }, schema: { response: { 200: BookingListSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    return listFor(user.id, false)
  })

  app.get('/offers', { config: { auth: 'user' }, schema: { response: { 200: BookingListSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    return listFor(user.id, true)
  })

  app.get('/bookings/:id', { config: { auth: 'user' }, schema: { params: Params, response: { 200: BookingSchema } } }, async (request, reply) => {
    const { view, auth } = await bookingForParty(app, request, request.params.id)
    reply.header('cache-control', 'private, no-store')
    return (await withDisputes(app.db, await withBadges(app.db, [bookingDto(view, auth.user.id)])))[0]!
  })
}

export default createRoutes
