// The stand-in's disputes: the charge.dispute.* events Stripe would send when a renter's bank disputes a
// sandbox payment, so the journey (the booking marked, /admin's Disputed list, the outcome) can be walked
// without Stripe. Shapes as Stripe's Dispute object; the sandbox route and the API tests deliver them signed.
import { randomBytes } from 'node:crypto'

const newId = (prefix: string) => `${prefix}_test_${randomBytes(10).toString('hex')}`
const DAY = 86_400

export interface StandInDispute {
  id: string
  paymentIntent: string
  /** The charge disputed; by default one named after the payment intent. */
  charge?: string
  amount: number
  currency: string
  reason?: string
  status?: string
  /** Unix seconds: when the bank opened it (default now), and when evidence is due (default 7 days later). */
  created?: number
  dueBy?: number
}

/** A new dispute's id (dp_…). */
export const newDisputeId = () => newId('dp')

/** A charge.dispute.created | updated | closed event for this dispute, created at `at` (unix seconds, default now). */
export function disputeEvent(type: 'created' | 'updated' | 'closed', d: StandInDispute, at = Math.floor(Date.now() / 1000)) {
  const created = d.created ?? at
  const object = {
    id: d.id,
    object: 'dispute',
    amount: d.amount,
    currency: d.currency.toLowerCase(),
    charge: d.charge ?? `ch_${d.paymentIntent.replace(/^pi_/, '')}`,
    payment_intent: d.paymentIntent,
    reason: d.reason ?? 'fraudulent',
    status: d.status ?? (type === 'closed' ? 'lost' : 'needs_response'),
    created,
    evidence_details: { due_by: d.dueBy ?? created + 7 * DAY, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
  }
  return { id: newId('evt'), object: 'event', api_version: '2025-03-31.basil', created: at, livemode: false, type: `charge.dispute.${type}`, data: { object } }
}
