// Admin: every booking and offer, read-only, filtered by state, kind and start date and searched on the
// listing and both parties, a page at a time from the server.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AdminBookingSchema, BookingListQuerySchema, pageOf } from '@contract/admin'
import { searchAllBookings, type AdminBookingRow } from '../../db/queries/admin-bookings'

const party = (p: AdminBookingRow['renter']) => ({ id: p.id, name: `${p.firstName} ${p.lastName}`.trim(), email: p.email })

const dto = ({ booking: b, storage, renter, host }: AdminBookingRow) => ({
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
  createdAt: b.createdAt.toISOString(),
})

const adminBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/admin/bookings', { schema: { querystring: BookingListQuerySchema, response: { 200: pageOf(AdminBookingSchema) } } }, async (request) => {
    const { q, state, kind, from, to, page, limit } = request.query
    const { rows, total } = await searchAllBookings(app.db, { q, states: state, kind, from, to, page, limit })
    return { items: rows.map(dto), total, page, limit }
  })
}

export default adminBookingRoutes
