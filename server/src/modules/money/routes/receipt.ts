// GET /receipts/:receiptId (one payment's receipt) and GET /bookings/:id/receipts (a booking's receipts).
// Only the renter who paid, the booking's host and admins; anyone else gets the same 404 as a receipt
// that does not exist, so an id reveals nothing.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { BookingReceiptsParamsSchema, BookingReceiptsSchema, ReceiptParamsSchema, ReceiptSchema, type Receipt } from '@contract/receipts'
import { bookingParties, bookingPayments, chargeEntries, findPayment, periodOf, receiptFigures, receiptNumber, receiptSummary } from '../service/receipt'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { issuerOf } from '../service/issuer'

export const RECEIPT_NOT_FOUND = 'This receipt does not exist.'

const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/receipts/:receiptId',
    { config: { auth: 'user' }, schema: { params: ReceiptParamsSchema, response: { 200: ReceiptSchema } } },
    async (request, reply) => {
      const { user, isAdmin } = signedIn(request)
      const found = await findPayment(app.db, request.params.receiptId)
      if (!found) throw notFound(RECEIPT_NOT_FOUND)
      const p = found.entry
      const viewerRole: Receipt['viewerRole'] | null = user.id === p.renterId ? 'renter' : user.id === p.hostId ? 'host' : isAdmin ? 'admin' : null
      if (!viewerRole) throw notFound(RECEIPT_NOT_FOUND)
      reply.header('cache-control', 'private, no-store')
      const rows = p.chargeId ? await chargeEntries(app.db, [p.chargeId]) : []
      return {
        id: p.id,
        number: receiptNumber(p.id),
        viewerRole,
        booking: { id: p.bookingId, storage: found.storage, host: found.host, renter: found.renter },
        currency: p.currency,
        paidAt: p.occurredAt.toISOString(),
        period: periodOf(p),
        ...receiptFigures(p, rows),
        issuer: issuerOf(app, request),
      }
    },
  )

  app.get(
    '/bookings/:id/receipts',
    { config: { auth: 'user' }, schema: { params: BookingReceiptsParamsSchema, response: { 200: BookingReceiptsSchema } } },
    async (request, reply) => {
      const { user, isAdmin } = signedIn(request)
      const booking = await bookingParties(app.db, request.params.id)
      if (!booking || (user.id !== booking.hostId && user.id !== booking.renterId && !isAdmin)) throw notFound('This booking does not exist.')
      reply.header('cache-control', 'private, no-store')
      const payments = await bookingPayments(app.db, request.params.id)
      const rows = await chargeEntries(
        app.db,
        payments.flatMap((p) => (p.chargeId ? [p.chargeId] : [])),
      )
      return { bookingId: request.params.id, storage: booking.storage, receipts: payments.map((p) => receiptSummary(p, rows)) }
    },
  )
}

export default receiptRoutes
