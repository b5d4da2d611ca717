// GET /bookings/:id/door-card: "Your space", what the renter of a confirmed and paid booking needs at the
// door (contract/door-card.ts). Only the renter gets it; anyone else, and a booking not (or no longer)
// confirmed and paid, gets a 404. The address and the host's email still ask the one contact rule.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { DOOR_CARD_NOT_FOUND, DOOR_CARD_STATES, DoorCardSchema, type DoorCard } from '@contract/door-card'
import { opensContact } from '@contract/booking-process'
import { findBookingView } from '../service/bookings'
import { listChecks, listItems } from '../../evidence/service/checks'
import { findStorageRow } from '../../listings/service/storage-reads'
import { withClock } from '../../listings/service/schedule-clock'
import { maySeeContact, maySeeExactAddress } from '../service/contact-access'
import { notFound } from '../../../errors'
import { signedIn } from '../../../plugins/auth'
import { settleAndNotify } from '../service/shared'

const Params = z.object({ id: z.string().max(64) })
const hasCard = (state: string): state is DoorCard['state'] => (DOOR_CARD_STATES as readonly string[]).includes(state)

const doorCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/bookings/:id/door-card', { config: { auth: 'user' }, schema: { params: Params, response: { 200: DoorCardSchema } } }, async (request, reply) => {
    const { user, isAdmin } = signedIn(request)
    const found = await findBookingView(app.db, request.params.id)
    if (!found || found.booking.renterId !== user.id) throw notFound(DOOR_CARD_NOT_FOUND)
    // The clock's steps first (a confirmed stay whose start has come is active; an unpaid one expires).
    const { booking: b, host } = await settleAndNotify(app, found)
    if (!hasCard(b.state) || !opensContact(b)) throw notFound(DOOR_CARD_NOT_FOUND)
    const storage = await findStorageRow(app.db, b.storageId)
    if (!storage) throw notFound(DOOR_CARD_NOT_FOUND)
    const [exact, contact, checks] = await Promise.all([
      maySeeExactAddress(app.db, storage, { userId: user.id, isAdmin }),
      maySeeContact(app.db, user.id, b.hostId),
      listChecks(app.db, b.id),
    ])
    const moveIn = checks.find((c) => c.kind === 'move_in')
    const items = await listItems(app.db, moveIn ? [moveIn.id] : [])
    reply.header('cache-control', 'private, no-store')
    return {
      bookingId: b.id,
      state: b.state,
      storage: { id: storage.id, title: storage.title },
      startDate: b.startDate,
      endDate: b.endDate,
      address: exact ? { street: storage.street, city: storage.city, state: storage.state, postalCode: storage.postalCode } : null,
      access: { method: storage.accessMethod, hours: storage.accessHours, houseRules: storage.houseRules, schedule: withClock(storage.accessSchedule) },
      host: { firstName: host.firstName, lastName: host.lastName, email: contact ? host.email : null },
      moveInItems: items.map((i) => ({ name: i.name, note: i.note })),
    }
  })
}

export default doorCardRoutes
