// The two dashboards' figures (GET /dashboard/host and /dashboard/storee), for one user: their bookings and
// listings, each filtered by their id (the SQL: queries/dashboard.ts); the money that moved (earnings,
// payouts, payments, refunds) from the ledger only, per currency (money/service/ledger-figures.ts); what is
// due next projected from each booking's schedule.
import type { HostDashboard, StoreeDashboard } from '@contract/dashboard'
import type { Db } from '../../../db/client'
import { hostBookings, hostListings, renterBookings } from '../queries/dashboard'
import { nextPaymentOf, phaseOf } from './earnings'
import { hostEarnings, hostLedgerRows, paidByBooking, renterLedgerRows, renterPayments } from '../../money/service/ledger-figures'
import { nextPayoutDate } from '../../payments/service/monthly-payout'
import { isExpired, OPEN_STATES } from './transitions'
import { opensContact } from './contact-access'
import { storageViewCounts } from '../../listings/service/storage-reads'

/** The host dashboard: earnings, the next payout, rentals by phase, and each listing's views and open requests. */
export async function hostDashboard(db: Db, userId: string, now = new Date()): Promise<HostDashboard> {
  const [rows, listingRows, ledger] = await Promise.all([hostBookings(db, userId), hostListings(db, userId), hostLedgerRows(db, userId)])
  const views = await storageViewCounts(
    db,
    listingRows.map((l) => l.id),
  )
  const earnings = hostEarnings(ledger, now)
  const currency = earnings[0]?.currency ?? listingRows[0]?.currency ?? rows[0]?.booking.currency ?? 'CAD'
  const rentals: HostDashboard['rentals'] = []
  for (const r of rows) {
    const phase = phaseOf(r.booking, now)
    if (!phase) continue
    const next = nextPaymentOf(r.booking, now)
    rentals.push({
      bookingId: r.booking.id,
      state: r.booking.state,
      phase,
      storage: r.storage,
      renter: r.renter,
      startDate: r.booking.startDate,
      endDate: r.booking.endDate,
      currency: r.booking.currency,
      nextPayment: next && { date: next.date, cents: next.hostCents },
      paymentLate: r.booking.paymentFailedAt ? { nextRetryAt: r.booking.nextPaymentAttemptAt?.toISOString() ?? null } : null,
    })
  }
  return {
    currency,
    earnings,
    nextPayoutDate: nextPayoutDate(now),
    rentals,
    // An open request past its 48 h is about to expire on its next read: not counted as waiting.
    listings: listingRows.map((l) => ({
      ...l,
      views: views.get(l.id) ?? 0,
      openRequests: rows.filter((r) => r.storage.id === l.id && OPEN_STATES.includes(r.booking.state) && !isExpired(r.booking.expiresAt, now)).length,
    })),
  }
}

/** The renter's dashboard: their bookings by phase (address and access once contact opens) and their payments. */
export async function storeeDashboard(db: Db, userId: string, now = new Date()): Promise<StoreeDashboard> {
  const [rows, ledger] = await Promise.all([renterBookings(db, userId), renterLedgerRows(db, userId)])
  const moved = paidByBooking(ledger.map((l) => l.row))
  const list: StoreeDashboard['bookings'] = []
  for (const { booking: b, storage: s, host } of rows) {
    const phase = phaseOf(b, now)
    if (!phase) continue
    // The address and access open with the one contact rule (modules/bookings/service/contact-access.ts).
    const open = opensContact(b)
    const next = nextPaymentOf(b, now)
    list.push({
      bookingId: b.id,
      state: b.state,
      phase,
      storage: { id: s.id, title: s.title, city: s.city },
      host,
      startDate: b.startDate,
      endDate: b.endDate,
      currency: b.currency,
      paidCents: moved.get(b.id)?.paidCents ?? 0,
      refundedCents: moved.get(b.id)?.refundedCents ?? 0,
      nextPayment: next && { date: next.date, cents: next.cents },
      address: open ? { street: s.street, city: s.city, state: s.state, postalCode: s.postalCode } : null,
      access: open ? { method: s.accessMethod, hours: s.accessHours, houseRules: s.houseRules } : null,
      paymentLate: b.paymentFailedAt && b.noticeBy !== 'unpaid' ? { nextRetryAt: b.nextPaymentAttemptAt?.toISOString() ?? null } : null,
    })
  }
  const titles = new Map(ledger.map((l) => [l.row.id, l.storageTitle]))
  const payments = renterPayments(ledger.map((l) => l.row)).map(({ row, date, cents }) => ({
    receiptId: row.id,
    kind: row.kind === 'refund' ? ('refund' as const) : ('payment' as const),
    bookingId: row.bookingId,
    storageTitle: titles.get(row.id) ?? null,
    date,
    cents,
    currency: row.currency,
  }))
  return { bookings: list, payments }
}
