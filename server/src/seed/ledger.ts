// The demo's money: each seeded paid booking gets the ledger rows its payment would have written from
// Stripe's webhooks (the charge, the platform's fee, the transfer to the host), so the demo dashboards
// show earnings and payments read from the ledger like any other. Object ids are marked as seeded.
import type { Db } from '../db/client'
import { appendLedgerRows } from '../db/queries/ledger'
import type { BookingRow } from '../db/schema/bookings'
import type { NewLedgerRow } from '../db/schema/ledger'
import { applicationFeeCents } from '../domain/money/fees'
import { breakdownOf, periodOf } from '../domain/money/periods'

export async function seedLedger(db: Db, paid: BookingRow[]): Promise<void> {
  const rows: NewLedgerRow[] = []
  for (const b of paid) {
    if (b.paidCents <= 0 || !b.confirmedAt) continue
    const chargeId = `ch_seed_${b.id}`
    const period = periodOf(b, null)
    const fee = applicationFeeCents(period.planned)
    const common = { stripeEventId: `evt_seed_${b.id}`, chargeId, bookingId: b.id, hostId: b.hostId, renterId: b.renterId, currency: b.currency, occurredAt: b.confirmedAt }
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
  }
  await appendLedgerRows(db, rows)
}
