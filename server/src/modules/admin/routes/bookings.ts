// Admin: every booking and offer, filtered by state, kind, start date and dispute and searched on the
// listing and both parties, a page at a time from the server (cancelling with a refund: booking-cancel.ts).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AdminBookingSchema, BookingListQuerySchema, pageOf } from '@contract/admin'
import { searchAllBookings, type AdminBookingRow } from '../service/bookings'
import type { BookingDisputeRow } from '../../../db/schema/booking-disputes'
import { refundableCents } from '../../bookings/service/admin-refund'
import { disputeDto, latestDisputes } from '../../bookings/service/disputes'
import { transition } from '../../bookings/service/transitions'

const party = (p: AdminBookingRow['renter']) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim(), email: p.email })

export const adminBookingDto = ({ booking: b, storage, renter, host }: AdminBookingRow, dispute?: BookingDisputeRow) => ({
  id: b.id,
  kind: b.offerCents == null ? ('booking' as const) : ('offer' as const),
  state: b.state,
  storage,
  renter: party(renter),
  host: party(host),
  startDate: b.startDate,
  endDate: b.endDate,
  currency: b.currency,
  monthlyCents: b.quote.monthlyCents,
  listMonthlyCents: b.listMonthlyCents,
  offerCents: b.offerCents,
  counterCents: b.counterCents,
  paidCents: b.paidCents,
  refundedCents: b.refundedCents,
  refundableCents: refundableCents(b),
  cancellable: transition(b.state, 'cancel', 'admin') !== null,
  cancelledBy: b.cancelledBy,
  dispute: dispute ? disputeDto(dispute) : null,
  createdAt: b.createdAt.toISOString(),
})

const adminBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/bookings',
    { config: { auth: 'admin' }, schema: { querystring: BookingListQuerySchema, response: { 200: pageOf(AdminBookingSchema) } } },
    async (request) => {
      const { q, state, kind, from, to, page, limit, disputed } = request.query
      const { rows, total } = await searchAllBookings(app.db, { q, states: state, kind, from, to, page, limit, disputed: disputed === 'true' })
      const disputes = await latestDisputes(
        app.db,
        rows.map((r) => r.booking.id),
      )
      return { items: rows.map((r) => adminBookingDto(r, disputes.get(r.booking.id))), total, page, limit }
    },
  )
}

export default adminBookingRoutes
