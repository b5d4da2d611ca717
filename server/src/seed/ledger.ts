// The demo's money: each seeded paid booking (the demo bookings and the reviews' past stays) gets the
// ledger rows its payment would have written from Stripe's webhooks (the charge, the platform's fee, the
// transfer to the host), and each month's transfers before today were paid out on the 1st after, so the
// demo dashboards show earnings, payments and the next payout read from the ledger like any other.
// Object ids are marked as seeded.
import { and, gt, isNotNull } from 'drizzle-orm'
import type { Db } from '../db/client'
import { appendLedgerRows } from '../modules/money/queries/ledger'
import { bookings } from '../db/schema/bookings'
import type { NewLedgerRow } from '../db/schema/ledger'
import { nextPayoutDate } from '../modules/payments/service/monthly-payout'
import { applicationFeeCents } from '../modules/money/service/fees'
import { breakdownOf, periodOf } from '../modules/money/service/periods'

export async function seedLedger(db: Db, now = new Date()): Promise<void> {
  const paid = await db
    .select()
    .from(bookings)
    .where(and(gt(bookings.paidCents, 0), isNotNull(bookings.confirmedAt)))
  const rows: NewLedgerRow[] = []
  const payouts = new Map<string, NewLedgerRow>()
  for (const b of paid) {
    const chargeId = `ch_seed_${b.id}`
    const period = periodOf(b, null)
    const fee = applicationFeeCents(period.planned)
    const at = b.confirmedAt!
    const common = {
      stripeEventId: `evt_seed_${b.id}`,
      chargeId,
      bookingId: b.id,
      hostId: b.hostId,
      renterId: b.renterId,
      currency: b.currency,
      occurredAt: at,
    }
    rows.push(
      {
        ...common,
        kind: 'payment',
        stripeObjectId: chargeId,
        amountCents: b.paidCents,
        periodStart: period.start,
        periodEnd: period.end,
        breakdown: breakdownOf(b.paidCents, period.planned),
      },
      { ...common, kind: 'application_fee', stripeObjectId: `fee_seed_${b.id}`, amountCents: fee },
      { ...common, kind: 'transfer', stripeObjectId: `tr_seed_${b.id}`, amountCents: b.paidCents - fee },
    )
    // Paid out on the 1st after the transfer, when that day has come.
    const payoutDay = nextPayoutDate(at)
    if (new Date(`${payoutDay}T00:00:00Z`) > now) continue
    const key = `${b.hostId}_${b.currency}_${payoutDay}`
    const payout = payouts.get(key) ?? {
      kind: 'payout',
      stripeObjectId: `po_seed_${key}`,
      stripeEventId: `evt_seed_${key}`,
      hostId: b.hostId,
      amountCents: 0,
      currency: b.currency,
      details: { arrivalDate: payoutDay },
      occurredAt: new Date(`${payoutDay}T06:00:00Z`),
    }
    payout.amountCents += b.paidCents - fee
    payouts.set(key, payout)
  }
  await appendLedgerRows(db, [...rows, ...payouts.values()])
}
