// Invite to Book's steps (spec: issue #43), the rules of each: the host sends an invite to someone they
// talk with, at a price within bounds of the listing's; the host withdraws it, the invited renter declines or
// books it. Booking opens an accepted booking at the invite's price through the booking process; the renter
// then pays in the same checkout as any accepted booking. Each step tells the other side in the chat.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { z } from 'zod'
import { BOOKING_ERRORS, minimumStayText } from '@contract/booking'
import { formatMoney } from '@contract/money'
import { CreateInviteBodySchema, INVITE_ERRORS, INVITE_EXPIRIES, invitePriceBounds, priceOutOfBounds } from '@contract/invite'
import { TRUST_ERRORS } from '@contract/trust'
import { SAFETY_TEXT } from '@contract/safety'
import type { AuthState } from '../../../plugins/auth'
import { findStorage } from '../../listings/service/storage-reads'
import { hostPaymentReady } from './instant-book'
import { conversationStateFor } from '../../messaging/service/conversations'
import { findBookingView } from './bookings'
import { verificationsOf } from '../../safety/service/user-verifications'
import { openInviteBooking } from './process'
import { expiresAtFrom, quote, stayDays } from './transitions'
import {
  findInvite,
  insertInvite,
  inviteDto,
  inviteNotice,
  lapsedInviteBookings,
  linkInviteBooking,
  listPairInvites,
  movePendingInvite,
  type InviteView,
} from './invites'
import { postSystemMessage } from '../../messaging/service/system-messages'
import { checkNotBlocked } from '../../safety/service/blocks'
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../../errors'
import { notify, settleAndNotify } from './shared'

type User = AuthState['user']
const HOUR = 3_600_000
/** An expired invite is gone for good: 410, not a conflict that could clear. */
const gone = () => new HttpError(410, INVITE_ERRORS.expired)

/** The invite, for its host or its renter only (404 for anyone else: it is not theirs to know of). */
async function inviteFor(app: FastifyInstance, userId: string, id: string): Promise<InviteView> {
  const v = await findInvite(app.db, id)
  if (!v || (v.hostId !== userId && v.renterId !== userId)) throw notFound(INVITE_ERRORS.notFound)
  return v
}

/** A step only an open invite takes: 410 once expired, 409 once accepted, declined or withdrawn. */
function stillOpen(v: InviteView) {
  if (v.state === 'expired') throw gone()
  if (v.state !== 'pending') throw conflict(INVITE_ERRORS.notPending)
}

/** The chat's line (from the side that acted) and a push to the other side. */
async function tell(app: FastifyInstance, v: InviteView, from: string, to: string, content: string, key: string) {
  try {
    const message = await postSystemMessage(app.db, { fromUserId: from, toUserId: to, content, storageId: v.storageId, eventKey: key })
    await app.push.notify(to, 'message', { messageId: message._id, senderId: from, senderName: 'Nookshare', content, photoCount: 0 })
  } catch (err) {
    app.log.error({ err, inviteId: v.id }, 'invite notice failed')
  }
}

/** POST /invites: the host invites someone they talk with to book their listing at a price of theirs. */
export async function sendInvite(app: FastifyInstance, user: User, body: z.infer<typeof CreateInviteBodySchema>) {
  if (body.renterId === user.id) throw badRequest(INVITE_ERRORS.toSelf, 'renterId')
  const found = await findStorage(app.db, body.storageId)
  if (!found || found.storage.hostId !== user.id) throw notFound(INVITE_ERRORS.notYourListing)
  const { storage } = found
  if (storage.status !== 'active' || !storage.priceCents) throw badRequest(INVITE_ERRORS.notYourListing, 'storageId')
  // Only someone the host is already talking with: an invite is not a way to reach strangers.
  const state = await conversationStateFor(app.db, user.id, body.renterId)
  if (!state?.conversation) throw notFound(INVITE_ERRORS.noConversation)
  await checkNotBlocked(app.db, user.id, body.renterId, SAFETY_TEXT.cannotBook)
  if (body.endDate && stayDays(body.startDate, body.endDate) < storage.minimumDays) throw badRequest(minimumStayText(storage.minimumDays), 'endDate')
  // An invite is paid at once: only a host whose payment setup is done may send one, or have one booked.
  if (!(await hostPaymentReady(app.db, user.id))) throw conflict(BOOKING_ERRORS.paymentSetup, 'paymentSetup')
  const bounds = invitePriceBounds(storage.priceCents)
  if (body.monthlyCents < bounds.min || body.monthlyCents > bounds.max)
    throw badRequest(`monthlyCents ${priceOutOfBounds(bounds, (c) => formatMoney(c, storage.currency))}`, 'monthlyCents')
  const now = new Date()
  const row = await insertInvite(app.db, {
    storageId: storage.id,
    hostId: user.id,
    renterId: body.renterId,
    startDate: body.startDate,
    endDate: body.endDate ?? null,
    monthlyCents: body.monthlyCents,
    listMonthlyCents: storage.priceCents,
    currency: storage.currency,
    expiresAt: new Date(now.getTime() + INVITE_EXPIRIES[body.expiresIn] * HOUR),
  })
  const v: InviteView = { ...row, storage: { id: storage.id, title: storage.title, city: storage.city } }
  await tell(app, v, user.id, body.renterId, inviteNotice('sent', v, now.getTime()), `invite-${row.id}-sent`)
  return inviteDto(v, user.id)
}

/** GET /invites/with/:userId: the pair's invites, a lapsed booked one opened again first. */
export async function invitesWith(app: FastifyInstance, user: User, otherUserId: string) {
  // A booked invite whose booking was never paid: its expiry is applied now, which opens the invite again.
  for (const id of await lapsedInviteBookings(app.db, user.id, otherUserId)) {
    const booking = await findBookingView(app.db, id)
    if (booking) await settleAndNotify(app, booking)
  }
  const list = await listPairInvites(app.db, user.id, otherUserId)
  return { invites: list.map((v) => inviteDto(v, user.id)) }
}

/** POST /invites/:id/withdraw: the host takes back an open invite. */
export async function withdrawInvite(app: FastifyInstance, user: User, id: string) {
  const v = await inviteFor(app, user.id, id)
  if (v.hostId !== user.id) throw forbidden('Only the host can withdraw an invite.')
  stillOpen(v)
  const row = await movePendingInvite(app.db, v.id, 'withdrawn')
  if (!row) throw conflict(INVITE_ERRORS.notPending)
  const after = { ...v, ...row }
  await tell(app, after, v.hostId, v.renterId, inviteNotice('withdrawn', after), `invite-${v.id}-withdrawn`)
  return inviteDto(after, user.id)
}

/** POST /invites/:id/decline: the invited renter says no. */
export async function declineInvite(app: FastifyInstance, user: User, id: string) {
  const v = await inviteFor(app, user.id, id)
  if (v.renterId !== user.id) throw forbidden('Only the invited renter can answer an invite.')
  stillOpen(v)
  const row = await movePendingInvite(app.db, v.id, 'declined')
  if (!row) throw conflict(INVITE_ERRORS.notPending)
  const after = { ...v, ...row }
  await tell(app, after, v.renterId, v.hostId, inviteNotice('declined', after), `invite-${v.id}-declined`)
  return inviteDto(after, user.id)
}

/** POST /invites/:id/book: the invited renter books it; the answer is the new (accepted) booking's id. */
export async function bookInvite(app: FastifyInstance, user: User, id: string, request: FastifyRequest) {
  const v = await inviteFor(app, user.id, id)
  if (v.renterId !== user.id) throw forbidden('Only the invited renter can book this invite.')
  stillOpen(v)
  if (!user.emailVerified) throw forbidden(TRUST_ERRORS.emailForBooking)
  const found = await findStorage(app.db, v.storageId)
  if (!found || found.storage.status !== 'active') throw conflict(BOOKING_ERRORS.unavailable)
  if (found.storage.requireVerifiedId && !(await verificationsOf(app.db, [user.id])).get(user.id)?.id) throw forbidden(TRUST_ERRORS.idForBooking)
  await checkNotBlocked(app.db, user.id, v.hostId, SAFETY_TEXT.cannotBook)
  if (!(await hostPaymentReady(app.db, v.hostId))) throw conflict('The host has not finished payment setup yet.', 'paymentSetup')
  const now = new Date()
  const result = await openInviteBooking(
    app.db,
    v.storageId,
    (tx) => movePendingInvite(tx, v.id, 'accepted', now),
    () => ({
      storageId: v.storageId,
      renterId: v.renterId,
      hostId: v.hostId,
      startDate: v.startDate,
      endDate: v.endDate,
      currency: v.currency,
      listMonthlyCents: v.listMonthlyCents,
      protection: false,
      quote: quote({
        monthlyCents: v.monthlyCents,
        startDate: v.startDate,
        endDate: v.endDate,
        protection: false,
        platformFeePercent: app.config.platformFeePercent,
      }),
      // The pay window of any accepted booking: unpaid, it expires and the space is free again.
      expiresAt: expiresAtFrom(now),
    }),
    (tx, _claimed, booking) => linkInviteBooking(tx, v.id, booking.id),
  )
  if (result.overlap) throw conflict(BOOKING_ERRORS.overlap)
  if (!result.row) {
    const again = await findInvite(app.db, v.id)
    throw again?.state === 'expired' ? gone() : conflict(INVITE_ERRORS.notPending)
  }
  const view = (await findBookingView(app.db, result.row.id))!
  await notify(app, 'accepted', view, result.row, 'renter', request)
  return { bookingId: result.row.id }
}
