// Stripe's charge.dispute.* events, already verified by the webhook route: the renter's bank disputed a
// booking's payment. The dispute is recorded once per Stripe dispute id and each event changes it at most
// once: a replay, or an older event arriving after a newer one, changes nothing (modules/bookings/service/disputes).
// The host is told when a dispute opens and when it is decided. The money ledger records the same events
// for the figures; this module only marks the booking.
import type { FastifyInstance } from 'fastify'
import type Stripe from 'stripe'
import { bookingExists, bookingIdByLedgerCharge, bookingIdByPaymentIntent, insertDispute, lockDispute, updateDispute } from '../queries/booking-disputes'
import { findBookingView } from '../queries/bookings'
import type { BookingDisputeRow } from '../../../db/schema/booking-disputes'
import type { Db } from '../../../db/client'
import { disputeFields, disputeNotice, disputePayment, supersedes } from '../service/disputes'
import { bookingEmail } from '../service/notices'
import { publicBaseUrl } from '../../../lib/public-url'
import { disputeIsOpen } from '@contract/disputes'

const DISPUTE_EVENTS = ['charge.dispute.created', 'charge.dispute.updated', 'charge.dispute.closed'] as const
export const DISPUTE_EVENT_TYPES: ReadonlySet<string> = new Set(DISPUTE_EVENTS)
type DisputeEvent = Extract<Stripe.Event, { type: (typeof DISPUTE_EVENTS)[number] }>
const isDisputeEvent = (event: Stripe.Event): event is DisputeEvent => DISPUTE_EVENT_TYPES.has(event.type)

type Obj = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- Stripe's event objects, read loosely

/** The disputed payment's booking: named in its metadata, the booking's latest payment, or an earlier one in the ledger. */
async function bookingOf(db: Db, d: Obj): Promise<string | undefined> {
  const { bookingId, paymentIntentId, chargeId } = disputePayment(d)
  if (bookingId && (await bookingExists(db, bookingId))) return bookingId
  return (
    (paymentIntentId ? await bookingIdByPaymentIntent(db, paymentIntentId) : undefined) ?? (chargeId ? await bookingIdByLedgerCharge(db, chargeId) : undefined)
  )
}

export async function applyDisputeEvent(app: FastifyInstance, event: Stripe.Event): Promise<string> {
  if (!isDisputeEvent(event)) return 'ignored'
  const d: Stripe.Dispute = event.data.object
  if (!d?.id) return 'ignored'
  let told: BookingDisputeRow | undefined
  const result = await app.db.transaction(async (tx) => {
    const existing = await lockDispute(tx, String(d.id))
    const bookingId = existing?.bookingId ?? (await bookingOf(tx, d))
    if (!bookingId) return 'unknown'
    const fields = disputeFields(d, event.created, existing?.currency ?? 'USD')
    if (!existing) {
      const row = await insertDispute(tx, { ...fields, bookingId })
      // A racing delivery of another event of this dispute inserted it first: that one counts.
      if (!row) return 'unchanged'
      told = row
      return 'disputed'
    }
    if (!supersedes(existing, fields)) return 'unchanged'
    const { id: _id, openedAt: _opened, ...changes } = fields
    const row = await updateDispute(tx, existing.id, { ...changes, closedAt: existing.closedAt ?? changes.closedAt })
    if (row && disputeIsOpen(existing.status) && !disputeIsOpen(row.status)) told = row
    return row?.status ?? 'unchanged'
  })
  if (told) await tellHost(app, told)
  return result
}

/** The host hears by email when their booking's payment is disputed and when the bank decides. */
async function tellHost(app: FastifyInstance, r: BookingDisputeRow) {
  try {
    const view = await findBookingView(app.db, r.bookingId)
    if (!view) return
    const text = disputeNotice(r, view.storage.title)
    const link = `${publicBaseUrl(app.config)}/bookings`
    const subject = disputeIsOpen(r.status) ? 'Nookshare: a payment was disputed' : 'Nookshare: a disputed payment was decided'
    await app.mailer.send({ to: view.host.email, ...bookingEmail('refunded', text, view.host.firstName, link, { subject }), template: 'booking-disputed' })
  } catch (err) {
    app.log.error({ err, disputeId: r.id }, 'dispute notice failed')
  }
}
