// A receipt's figures, read from the money ledger: the payment row's breakdown and total, and every
// refund of the same charge netted off. The payment's own amount is the total (what Stripe charged).
import type { Receipt, ReceiptSummary } from '@contract/receipts'
import type { LedgerRow } from '../../../db/schema/ledger'

/** 'NS-' and the first ten hex digits of the row id, upper case: short, stable, and unique in practice. */
export const receiptNumber = (rowId: string) => `NS-${rowId.replace(/-/g, '').slice(0, 10).toUpperCase()}`

type Figures = Pick<Receipt, 'rentCents' | 'serviceFeeCents' | 'protectionCents' | 'taxCents' | 'totalCents' | 'refunds' | 'refundedCents' | 'netCents'>

/** The lines of a payment and its refunds (rows of other charges or kinds are ignored). */
export function receiptFigures(payment: LedgerRow, chargeRows: LedgerRow[]): Figures {
  const b = payment.breakdown
  const refunds = chargeRows
    .filter((r) => r.kind === 'refund' && r.chargeId === payment.chargeId && r.currency === payment.currency)
    .sort((x, y) => x.occurredAt.getTime() - y.occurredAt.getTime())
    .map((r) => ({ date: r.occurredAt.toISOString(), amountCents: r.amountCents }))
  const refundedCents = Math.min(
    payment.amountCents,
    refunds.reduce((n, r) => n + r.amountCents, 0),
  )
  return {
    // No breakdown recorded: the whole payment is the rent.
    rentCents: b ? b.rentCents : payment.amountCents,
    serviceFeeCents: b?.serviceFeeCents ?? 0,
    protectionCents: b?.protectionCents ?? 0,
    taxCents: b?.taxCents ?? null,
    totalCents: payment.amountCents,
    refunds,
    refundedCents,
    netCents: payment.amountCents - refundedCents,
  }
}

export const periodOf = (row: Pick<LedgerRow, 'periodStart' | 'periodEnd'>) =>
  row.periodStart && row.periodEnd ? { start: row.periodStart, end: row.periodEnd } : null

export function receiptSummary(payment: LedgerRow, chargeRows: LedgerRow[]): ReceiptSummary {
  const f = receiptFigures(payment, chargeRows)
  return {
    id: payment.id,
    number: receiptNumber(payment.id),
    currency: payment.currency,
    paidAt: payment.occurredAt.toISOString(),
    period: periodOf(payment),
    totalCents: f.totalCents,
    refundedCents: f.refundedCents,
    netCents: f.netCents,
  }
}

// A payment with its booking, a booking's payments and parties, and the ledger rows of charges, read for
// the receipt routes (the SQL: queries/receipts.ts).
export { bookingParties, bookingPayments, chargeEntries, findPayment } from '../queries/receipts'
