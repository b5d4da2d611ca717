// A renter's bank disputing a booking's payment (a chargeback), as Stripe reports it in charge.dispute.*
// events: what the row records, which event may change it, and what the host is told.
import { disputeIsOpen, disputeReasonLabel, type Dispute } from '@contract/disputes'
import type { BookingDisputeRow, NewBookingDisputeRow } from '../../../db/schema/booking-disputes'
import { formatMoney } from '@contract/money'

type Obj = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- Stripe's dispute object, read loosely
const idOf = (v: unknown): string | null => (typeof v === 'string' ? v : v && typeof v === 'object' && 'id' in v ? String((v as Obj).id) : null)
const at = (unix: unknown) => (typeof unix === 'number' && unix > 0 ? new Date(unix * 1000) : null)

/** What a dispute event says, as the row holds it (the booking is found by the caller). */
export function disputeFields(d: Obj, eventCreated: number, currency: string): Omit<NewBookingDisputeRow, 'bookingId'> {
  const status = String(d.status ?? 'needs_response')
  const eventAt = at(eventCreated) ?? new Date()
  return {
    id: String(d.id),
    chargeId: idOf(d.charge),
    paymentIntentId: idOf(d.payment_intent),
    amountCents: Number(d.amount ?? 0),
    currency: String(d.currency ?? currency).toUpperCase(),
    reason: String(d.reason ?? 'general'),
    status,
    dueBy: at(d.evidence_details?.due_by),
    openedAt: at(d.created) ?? eventAt,
    closedAt: disputeIsOpen(status) ? null : eventAt,
    eventAt,
  }
}

/** The dispute's payment, to find its booking: its payment intent and charge ids. */
export const disputePayment = (d: Obj) => ({
  paymentIntentId: idOf(d.payment_intent),
  chargeId: idOf(d.charge),
  bookingId: d.metadata?.bookingId as string | undefined,
})

/**
 * Whether an event may change the row: Stripe does not promise order, so an event older than the one that
 * last wrote it changes nothing, and a decided dispute (won, lost) is never reopened by a late update.
 * A replay of the same event finds nothing to change.
 */
export function supersedes(row: BookingDisputeRow, next: Omit<NewBookingDisputeRow, 'bookingId'>): boolean {
  if (next.eventAt!.getTime() < row.eventAt.getTime()) return false
  if (!disputeIsOpen(row.status) && disputeIsOpen(next.status)) return false
  return next.status !== row.status || next.amountCents !== row.amountCents || (next.dueBy?.getTime() ?? null) !== (row.dueBy?.getTime() ?? null)
}

export const disputeDto = (r: BookingDisputeRow): Dispute => ({
  id: r.id,
  status: r.status,
  reason: r.reason,
  amountCents: r.amountCents,
  currency: r.currency,
  dueBy: r.dueBy?.toISOString() ?? null,
  openedAt: r.openedAt.toISOString(),
  closedAt: r.closedAt?.toISOString() ?? null,
  evidenceSubmittedAt: r.evidenceSubmittedAt?.toISOString() ?? null,
})

/** What the host reads, by email, when a dispute opens or is decided. */
export function disputeNotice(r: BookingDisputeRow, title: string): string {
  const amount = formatMoney(r.amountCents, r.currency)
  if (r.status === 'won') return `The renter's bank decided the dispute of a ${amount} payment for "${title}" in your favour: the money stays paid.`
  if (r.status === 'lost') return `The renter's bank decided the dispute of a ${amount} payment for "${title}" for the renter: that payment goes back to them.`
  if (!disputeIsOpen(r.status)) return `The renter's bank closed its inquiry about a ${amount} payment for "${title}".`
  return `The renter's bank has disputed a ${amount} payment for "${title}" (${disputeReasonLabel(r.reason)}). Nookshare answers the bank for you; we may ask you for photos or messages about the stay.`
}

// The bank disputes on record: the newest per booking, and the admin's note that evidence was sent.
export { latestDisputes, updateDispute } from '../queries/booking-disputes'
