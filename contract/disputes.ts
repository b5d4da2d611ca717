// Admin refunds and payment disputes: the admin's cancel-with-refund request, and a chargeback as the
// screens show it (the admin's Bookings tab, the host's booking). Stripe's dispute statuses in plain words.
import { z } from './zod'
import { requiredText } from './common'

/** Stripe's dispute statuses that are final: the bank has decided (or the warning was closed). */
export const CLOSED_DISPUTE_STATUSES = ['won', 'lost', 'warning_closed', 'prevented'] as const

export const disputeIsOpen = (status: string) => !(CLOSED_DISPUTE_STATUSES as readonly string[]).includes(status)

/** Stripe's status as an admin reads it. */
export const DISPUTE_STATUS_LABELS: Record<string, string> = {
  warning_needs_response: 'Inquiry: answer needed',
  warning_under_review: 'Inquiry under review',
  warning_closed: 'Inquiry closed',
  needs_response: 'Evidence needed',
  under_review: 'Under review',
  won: 'Won',
  lost: 'Lost',
  prevented: 'Prevented',
}
export const disputeStatusLabel = (status: string) => DISPUTE_STATUS_LABELS[status] ?? status.replace(/_/g, ' ')

/** Stripe's reason codes as people say them. */
export const disputeReasonLabel = (reason: string) =>
  ({
    fraudulent: 'card holder says it was not them',
    product_not_received: 'renter says they did not get the space',
    product_unacceptable: 'renter says the space was not as described',
    duplicate: 'charged twice',
    subscription_canceled: 'renter says the rental was cancelled',
    credit_not_processed: 'renter expected a refund',
    unrecognized: 'renter does not recognise the charge',
    general: 'general',
  })[reason] ?? reason.replace(/_/g, ' ')

export const DisputeSchema = z.object({
  id: z.string(),
  status: z.string(),
  reason: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** The last moment evidence is accepted; null when Stripe gave none. */
  dueBy: z.string().nullable(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  /** When an admin marked the evidence as sent to the bank. */
  evidenceSubmittedAt: z.string().nullable(),
})
export type Dispute = z.infer<typeof DisputeSchema>

/** POST /admin/bookings/:id/cancel: the refund in cents of the booking's currency (default: all that is left). */
export const AdminCancelBodySchema = z.object({
  amountCents: z.number().int('must be a whole number of cents').optional(),
  reason: requiredText(500),
})
export type AdminCancelBody = z.infer<typeof AdminCancelBodySchema>

export const ADMIN_REFUND_ERRORS = {
  amountRange: (max: string) => `The refund must be more than 0 and at most ${max}, what is left to refund.`,
  nothingToRefund: 'Nothing was paid for this booking, so there is nothing to refund.',
} as const

/** The sandbox's test dispute on a booking's payment: open one, or close the open one as won or lost. */
export const SandboxDisputeBodySchema = z.object({ outcome: z.enum(['open', 'won', 'lost']).default('open') })
export const SandboxDisputeResultSchema = z.object({ result: z.string() })
