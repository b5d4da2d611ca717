// GET /dashboard/host and GET /dashboard/storee: the figures the two dashboards show, for the signed-in
// user only (every query is filtered by their id, so there is no other owner to check).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { HostDashboardSchema, StoreeDashboardSchema, type HostDashboard, type StoreeDashboard } from '@contract/dashboard'
import { hostBookings, hostListings, renterBookings } from '../../db/queries/dashboard'
import { earningsByMonth, hostEarningsOf, nextPaymentOf, nextPayoutDate, paymentsOf, phaseOf } from '../../domain/bookings/earnings'
import { CONFIRMED_STATES, isExpired, OPEN_STATES } from '../../domain/bookings/transitions'
import { signedIn } from '../../plugins/auth'
import { storageViewCounts } from '../../db/queries/storage-views'

const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/dashboard/host', { preHandler: app.authenticate, schema: { response: { 200: HostDashboardSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    const now = new Date()
    const [rows, listingRows] = await Promise.all([hostBookings(app.db, user.id), hostListings(app.db, user.id)])
    const views = await storageViewCounts(
      app.db,
      listingRows.map((l) => l.id),
    )
    const currency = rows[0]?.booking.currency ?? listingRows[0]?.currency ?? 'CAD'
    const own = rows.filter((r) => r.booking.currency === currency).map((r) => r.booking)
    const months = earningsByMonth(own, now)
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
        nextPayment: next && { date: next.date, cents: next.hostCents },
        paymentLate: r.booking.paymentFailedAt ? { nextRetryAt: r.booking.nextPaymentAttemptAt?.toISOString() ?? null } : null,
      })
    }
    return {
      currency,
      earnings: {
        // The chart's last month, so the figure and the bar are one number.
        thisMonthCents: months[months.length - 1]!.cents,
        months,
        totalCents: own.reduce((n, b) => n + hostEarningsOf(b), 0),
      },
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

  app.get('/dashboard/storee', { preHandler: app.authenticate, schema: { response: { 200: StoreeDashboardSchema } } }, async (request, reply) => {
    const { user } = signedIn(request)
    reply.header('cache-control', 'private, no-store')
    const now = new Date()
    const rows = await renterBookings(app.db, user.id)
    const list: StoreeDashboard['bookings'] = []
    for (const { booking: b, storage: s, host } of rows) {
      const phase = phaseOf(b, now)
      if (!phase) continue
      const paid = CONFIRMED_STATES.includes(b.state)
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
        paidCents: b.paidCents,
        refundedCents: b.refundedCents,
        nextPayment: next && { date: next.date, cents: next.cents },
        address: paid ? { street: s.street, city: s.city, state: s.state, postalCode: s.postalCode } : null,
        access: paid ? { method: s.accessMethod, hours: s.accessHours, houseRules: s.houseRules } : null,
        paymentLate: b.paymentFailedAt && b.noticeBy !== 'unpaid' ? { nextRetryAt: b.nextPaymentAttemptAt?.toISOString() ?? null } : null,
      })
    }
    const payments = rows
      .flatMap(({ booking: b, storage: s }) =>
        paymentsOf(b).map((p) => ({ bookingId: b.id, storageTitle: s.title, date: p.date, cents: p.cents, currency: b.currency })),
      )
      .sort((a, b) => b.date.localeCompare(a.date))
    return { bookings: list, payments }
  })
}

export default dashboardRoutes
