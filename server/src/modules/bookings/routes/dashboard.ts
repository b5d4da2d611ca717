// GET /dashboard/host and GET /dashboard/storee: the figures the two dashboards show, for the signed-in
// user only (every query is filtered by their id, so there is no other owner to check). Money that moved
// (earnings, payouts, payments, refunds) is read from the ledger only, per currency; what is due next is
// projected from each booking's schedule.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HostDashboardSchema, StoreeDashboardSchema, type HostDashboard, type StoreeDashboard } from '@contract/dashboard'
import { hostBookings, hostListings, renterBookings } from '../service/dashboard'
import { nextPaymentOf, phaseOf } from '../service/earnings'
import { hostEarnings, hostLedgerRows, paidByBooking, renterLedgerRows, renterPayments } from '../../money/service/ledger-figures'
import { nextPayoutDate } from '../../payments/service/monthly-payout'
import { isExpired, OPEN_STATES } from '../service/transitions'
import { signedIn } from '../../../plugins/auth'
import { opensContact } from '../service/contact-access'
import { storageViewCounts } from '../../listings/service/storage-reads'

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard/host', { config: { auth: 'user' }, schema: { response: { 200: HostDashboardSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    const now = new Date()
    const [rows, listingRows, ledger] = await Promise.all([hostBookings(app.db, user.id), hostListings(app.db, user.id), hostLedgerRows(app.db, user.id)])
    const views = await storageViewCounts(
      app.db,
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
  })

  app.get('/dashboard/storee', { config: { auth: 'user' }, schema: { response: { 200: StoreeDashboardSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    const now = new Date()
    const [rows, ledger] = await Promise.all([renterBookings(app.db, user.id), renterLedgerRows(app.db, user.id)])
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
  })
}

export default dashboardRoutes
