// What every bookings route shares: the answer shape, who may see a booking (with the time-driven steps
// applied on read), and the notices (system message + email) each step sends.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { BOOKING_ERRORS, type Booking } from '@contract/booking'
import { findBookingView, type BookingView } from '../queries/bookings'
import type { BookingRow } from '../../../db/schema/bookings'
import { bookingEmail, noticeText, RECEIPT_EVENTS, type BookingEvent } from './notices'
import { settle } from './process'
import { allowedActions, stepTerms, withSchedule } from './transitions'
import { renewalDto } from './renewals'
import { publicBaseUrl } from '../../../lib/public-url'
import { postSystemMessage } from '../../messaging/service/system-messages'
import { forbidden, notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import type { BookingEvent as PushBookingEvent } from '../../notifications/service/push-notifications'

export const BOOKING_NOT_FOUND = 'This booking does not exist.'

export function bookingDto(v: BookingView, viewerId: string): Booking {
  const b = v.booking
  const role = b.renterId === viewerId ? 'renter' : b.hostId === viewerId ? 'host' : 'admin'
  const party = (p: BookingView['renter']) => ({ id: p.id, firstName: p.firstName, lastName: p.lastName })
  return {
    id: b.id,
    role,
    state: b.state,
    storage: { id: v.storage.id, title: v.storage.title, city: v.storage.city },
    renter: party(v.renter),
    host: party(v.host),
    startDate: b.startDate,
    endDate: b.endDate,
    note: b.note,
    items: b.items,
    listMonthlyCents: b.listMonthlyCents,
    offerCents: b.offerCents,
    counterCents: b.counterCents,
    protection: b.protection,
    instant: b.instant,
    quote: { ...withSchedule(b.quote, b), currency: b.currency },
    expiresAt: b.expiresAt.toISOString(),
    paidCents: b.paidCents,
    refundedCents: b.refundedCents,
    paidThrough: b.paidThrough,
    actions: role === 'admin' ? [] : allowedActions(b.state, role, { endDate: b.endDate }),
    terms: role === 'admin' ? { cancel: null, end: null } : stepTerms(b, role, new Date(), v.storage.minimumDays),
    createdAt: b.createdAt.toISOString(),
    confirmedAt: b.confirmedAt?.toISOString() ?? null,
    cancelledAt: b.cancelledAt?.toISOString() ?? null,
    renewal: renewalDto(b, role, new Date(), v.storage.minimumDays),
  }
}

/** Settles the booking (modules/bookings/service/process.ts) and tells the pair when this read expired it. */
export async function settleAndNotify(app: FastifyInstance, v: BookingView, now = new Date()): Promise<BookingView> {
  const { view, expired } = await settle(app.db, v, now)
  if (expired) await notify(app, 'expired', view, view.booking, 'system')
  return view
}

/** The booking, for one of its two parties or an admin; 404 if none, 403 for anyone else. */
export async function bookingForParty(app: FastifyInstance, request: FastifyRequest, id: string) {
  const auth = signedIn(request)
  const found = await findBookingView(app.db, id)
  if (!found) throw notFound(BOOKING_NOT_FOUND)
  const { renterId, hostId } = found.booking
  if (auth.user.id !== renterId && auth.user.id !== hostId && !auth.isAdmin) throw forbidden(BOOKING_ERRORS.notParty)
  const view = await settleAndNotify(app, found)
  const role = auth.user.id === renterId ? 'renter' : auth.user.id === hostId ? 'host' : 'admin'
  return { view, auth, role } as const
}

const PUSH_EVENTS: Partial<Record<BookingEvent, PushBookingEvent>> = { requested: 'requested', offered: 'requested', accepted: 'accepted', confirmed: 'paid' }

/**
 * Writes the step into the pair's conversation and emails the other side (both sides when the step is
 * Stripe's or the clock's: the payment, an expiry). The event key keeps a retried step from posting twice.
 */
export async function notify(
  app: FastifyInstance,
  event: BookingEvent,
  v: BookingView,
  row: BookingRow,
  by: 'renter' | 'host' | 'stripe' | 'system',
  request?: FastifyRequest,
) {
  const text = noticeText(event, row, v.storage.title)
  const from = by === 'host' ? v.host : v.renter
  const to = by === 'host' ? v.renter : v.host
  const key = `booking-${row.id}-${event}-${row.updatedAt.getTime()}`
  try {
    await postSystemMessage(app.db, { fromUserId: from.id, toUserId: to.id, content: text, storageId: row.storageId, eventKey: key })
    const link = `${publicBaseUrl(app.config, request).replace(/\/$/, '')}/bookings`
    // The payment's receipt may be recorded a moment after this email: the link is the booking's receipts page.
    const receipts = RECEIPT_EVENTS.includes(event) ? `${link}/${row.id}/receipts` : undefined
    // An instant booking's opening is only written in the chat: the renter is paying, the host hears of the payment.
    const recipients = event === 'instant' ? [] : by === 'stripe' || by === 'system' ? [v.renter, v.host] : [to]
    for (const r of recipients)
      await app.mailer.send({ to: r.email, ...bookingEmail(event, text, r.firstName, link, { receiptsLink: receipts }), template: `booking-${event}` })
    // Web Push for the steps that need an answer or bring news: a request (or offer) to the host, an
    // acceptance to the renter, a payment to the host.
    const push = PUSH_EVENTS[event]
    if (push) {
      const [recipient, other] = push === 'accepted' ? [v.renter, v.host] : [v.host, v.renter]
      await app.push.notify(recipient.id, 'booking', {
        bookingId: row.id,
        event: push,
        otherName: `${other.firstName} ${other.lastName}`.trim(),
        storageTitle: v.storage.title,
        url: '/bookings',
      })
    }
    // Instant Book: nobody accepted, so the renter hears at once that the payment confirmed it.
    if (event === 'confirmed' && row.instant)
      await app.push.notify(v.renter.id, 'booking', {
        bookingId: row.id,
        event: 'confirmed',
        otherName: `${v.host.firstName} ${v.host.lastName}`.trim(),
        storageTitle: v.storage.title,
        url: '/bookings',
      })
  } catch (err) {
    // The step itself is done; a notice that failed is logged, never undoes it.
    app.log.error({ err, bookingId: row.id, event }, 'booking notice failed')
  }
}
