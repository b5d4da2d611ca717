// An admin ends a booking that holds the space or the money (POST /admin/bookings/:id/cancel), with a full
// or partial refund and a reason, through the process table ('cancel' by 'admin'): the booking is claimed
// first, the refund is made at Stripe (the claim is taken back when Stripe refuses), any subscription ends
// now, the audit log records it, and both parties are told.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify'
import type { BookingRow } from '../../../db/schema/bookings'
import { findBookingView, type BookingView } from '../../bookings/service/bookings'
import { latestDisputes } from '../../bookings/service/disputes'
import { adminCancelNotice, adminRefundAmount } from '../../bookings/service/admin-refund'
import { bookingEmail } from '../../bookings/service/notices'
import { moveBooking, undoMove } from '../../bookings/service/process'
import { refusal, transition } from '../../bookings/service/transitions'
import { refundedInFull, revokeReferralReward } from '../../accounts/service/referrals'
import { postSystemMessage } from '../../messaging/service/system-messages'
import { badRequest, conflict, notFound } from '../../../errors'
import { paymentIntentOf } from '../../bookings/service/payment-intent'
import { settleAndNotify } from '../../bookings/service/shared'
import { stripeFailure } from '../../payments/service/stripe-errors'
import type { AuthState } from '../../../plugins/auth'
import { recordAudit } from './audit'

const snapshot = (b: BookingRow) => ({ state: b.state, paidCents: b.paidCents, refundedCents: b.refundedCents, currency: b.currency })

export interface AdminCancel {
  admin: AuthState
  bookingId: string
  /** Omitted: what is left of the payment, in full. */
  amountCents?: number
  reason: string
  /** Where the parties' emails link to (publicBaseUrl). */
  baseUrl: string
  log: FastifyBaseLogger
}

export async function cancelBookingAsAdmin(app: FastifyInstance, { admin, bookingId, amountCents, reason, baseUrl, log }: AdminCancel) {
  const found = await findBookingView(app.db, bookingId)
  if (!found) throw notFound('This booking does not exist.')
  // Time's steps first (an unpaid booking past its window is expired, not cancelled).
  const view = await settleAndNotify(app, found)
  const b = view.booking
  if (!transition(b.state, 'cancel', 'admin')) throw conflict(refusal(b.state, 'cancel'))
  const amount = adminRefundAmount(b, amountCents)
  if ('error' in amount) throw badRequest(amount.error, 'amountCents')
  const refund = amount.cents
  const now = new Date()
  // Claim first: of two racing requests only the one that moved the booking refunds. The refund is
  // recorded now, as a party's cancel does; Stripe's charge.refunded then only raises it to Stripe's total.
  const row = await moveBooking(app.db, b, 'cancel', 'admin', { cancelledAt: now, cancelledBy: 'admin', refundedCents: b.refundedCents + refund })
  if (!row) throw conflict(`${refusal(b.state, 'cancel')} It changed meanwhile; reload to see its state.`)
  const { stripe } = app.payments
  try {
    const paymentIntent = refund > 0 ? await paymentIntentOf(stripe, b) : null
    if (refund > 0 && !paymentIntent) throw new Error(`no payment intent to refund for booking ${b.id}`)
    // Who bears the refund: each side gives back its own share of it. reverse_transfer takes the host's
    // part back from their connected account and refund_application_fee returns the platform's fee,
    // both in proportion to the amount refunded (Stripe computes it), so a partial refund costs the host
    // and the platform the same fraction of what each received, and the platform never pays the host's
    // share from its own balance. The key holds the amount and what was refunded before, so a retry of
    // this same refund is answered once by Stripe and a different one is never mistaken for it.
    // One refund goes to one payment, the booking's latest: a running monthly stay's earlier months are
    // other payments, so a refund larger than the last one is refused by Stripe (502, nothing changes).
    if (paymentIntent)
      await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: refund, reverse_transfer: true, refund_application_fee: true, metadata: { bookingId: b.id, by: 'admin' } },
        { idempotencyKey: `nookshare-admin-refund-${b.id}-${b.refundedCents}-${refund}` },
      )
  } catch (err) {
    // Nothing went back at Stripe: the cancel is taken back, so the booking stays as it was.
    await undoMove(app.db, b, row, { cancelledAt: b.cancelledAt, cancelledBy: b.cancelledBy, refundedCents: b.refundedCents })
    log.error({ err, bookingId: b.id }, 'admin refund refused by Stripe')
    throw stripeFailure(err)
  }
  // The money is back; the rental ends now, so no further month is charged.
  let warning: string | null = null
  if (b.subscriptionId) {
    try {
      await stripe.subscriptions.cancel(b.subscriptionId)
    } catch (err) {
      log.error({ err, bookingId: b.id, subscriptionId: b.subscriptionId }, 'subscription not cancelled after an admin cancel')
      warning = `The refund was made, but Stripe did not end the subscription ${b.subscriptionId}: cancel it in the Stripe dashboard.`
    }
  }
  if (refundedInFull(row)) await revokeReferralReward(app.db, b.id)
  await recordAudit(app.db, admin, {
    action: 'booking.cancel-refund',
    targetType: 'booking',
    targetId: b.id,
    before: snapshot(b),
    after: { ...snapshot(row), refundCents: refund, subscriptionEnded: b.subscriptionId ? warning === null : null },
    reason,
  })
  await tellBoth(app, view, row, refund, reason, baseUrl)
  const disputes = await latestDisputes(app.db, [b.id])
  return { view: { ...view, booking: row }, dispute: disputes.get(b.id), warning }
}

/** Both parties: a system message in their conversation and an email each, with the refund and the reason. */
async function tellBoth(app: FastifyInstance, view: BookingView, row: BookingRow, refund: number, reason: string, baseUrl: string) {
  const text = adminCancelNotice(row, view.storage.title, refund, reason)
  try {
    await postSystemMessage(app.db, {
      fromUserId: view.renter.id,
      toUserId: view.host.id,
      content: text,
      storageId: row.storageId,
      eventKey: `booking-${row.id}-admin-cancel`,
    })
    const link = `${baseUrl.replace(/\/$/, '')}/bookings`
    for (const r of [view.renter, view.host])
      await app.mailer.send({
        to: r.email,
        ...bookingEmail('cancelled', text, r.firstName, link, { subject: 'Nookshare: booking cancelled by Nookshare' }),
        template: 'booking-admin-cancelled',
      })
  } catch (err) {
    // The cancel and the refund are done; a notice that failed is logged, never undoes them.
    app.log.error({ err, bookingId: row.id }, 'admin cancel notice failed')
  }
}
